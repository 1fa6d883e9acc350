//! cairo-compile: one Starknet contract (a .cairo file, or a folder with cairo_project.toml) to its Sierra class and its CASM
//! compiled class, the two JSON files `starknet_declareTransaction` needs, without Scarb.
//!
//! Usage: cairo-compile <contract.cairo | project dir> --corelib <dir with src/lib.cairo> --out <dir>
//! Writes <out>/<stem>.contract_class.json (Sierra) and <out>/<stem>.compiled_contract_class.json (CASM),
//! Scarb's names for them.
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use cairo_lang_compiler::CompilerConfig;
use cairo_lang_filesystem::detect::detect_corelib;
use cairo_lang_lowering::utils::InliningStrategy;
use cairo_lang_starknet::compile::compile_path;
use cairo_lang_starknet_classes::allowed_libfuncs::ListSelector;
use cairo_lang_starknet_classes::casm_contract_class::CasmContractClass;

struct Args {
    source: PathBuf,
    corelib: PathBuf,
    out: PathBuf,
}

fn parse_args() -> Result<Args> {
    let mut source = None;
    let mut corelib = None;
    let mut out = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--corelib" => corelib = args.next().map(PathBuf::from),
            "--out" => out = args.next().map(PathBuf::from),
            _ if arg.starts_with("--") => bail!("unknown option {arg}"),
            _ => source = Some(PathBuf::from(arg)),
        }
    }
    let usage = "usage: cairo-compile <contract.cairo | project dir> --corelib <dir> --out <dir>";
    Ok(Args {
        source: source.context(usage)?,
        corelib: corelib.context(usage)?,
        out: out.context(usage)?,
    })
}

fn main() -> Result<()> {
    let args = parse_args()?;
    let source = fs::canonicalize(&args.source)
        .with_context(|| format!("no contract at {}", args.source.display()))?;
    let corelib = fs::canonicalize(&args.corelib)
        .with_context(|| format!("no corelib at {}", args.corelib.display()))?;
    if !corelib.join("src").join("lib.cairo").is_file() {
        bail!("{} is not a Cairo corelib (no src/lib.cairo)", corelib.display());
    }
    fs::create_dir_all(&args.out)?;
    let out = fs::canonicalize(&args.out)?;

    // The compiler finds its corelib itself (./corelib/src among other places) and stamps it with its own
    // version: run from the corelib's parent, and check it found that one and not another.
    std::env::set_current_dir(corelib.parent().context("corelib has no parent")?)?;
    std::env::remove_var("CARGO_MANIFEST_DIR");
    let found = detect_corelib().context("the compiler does not find the corelib")?;
    if fs::canonicalize(&found)? != corelib.join("src") {
        bail!("the compiler would use the corelib at {}, not {}", found.display(), corelib.display());
    }

    let config = CompilerConfig { replace_ids: true, ..CompilerConfig::default() };
    let contract = compile_path(&source, None, config, InliningStrategy::Default)?;
    let program = contract.extract_sierra_program(false)?;
    // Only libfuncs the network accepts (the "audited" list, as Scarb and the sequencer check).
    program.validate_version_compatible(ListSelector::default())?;
    let casm = CasmContractClass::from_contract_class(contract.clone(), program, false, usize::MAX)?;

    let stem = source.file_stem().and_then(|s| s.to_str()).context("contract file has no name")?;
    write(&out.join(format!("{stem}.contract_class.json")), &serde_json::to_string_pretty(&contract)?)?;
    write(&out.join(format!("{stem}.compiled_contract_class.json")), &serde_json::to_string_pretty(&casm)?)?;
    Ok(())
}

fn write(path: &Path, json: &str) -> Result<()> {
    fs::write(path, format!("{json}\n")).with_context(|| format!("writing {}", path.display()))?;
    println!("wrote {}", path.display());
    Ok(())
}
