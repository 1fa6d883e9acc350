import type { Settings } from '../settings'

export function SettingsPanel(props: {
  settings: Settings
  disabled: boolean
  onChange: (next: Settings) => void
}) {
  const { settings, onChange, disabled } = props
  return (
    <section className="card" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <label>
        Transport
        <br />
        <select
          data-testid="transport"
          value={settings.transport}
          disabled={disabled}
          onChange={(e) => onChange({ ...settings, transport: e.target.value as Settings['transport'] })}
        >
          <option value="auto">auto (as the SDK chooses)</option>
          <option value="iframe">iframe</option>
          <option value="popup">popup</option>
        </select>
      </label>
      <label>
        Gas
        <br />
        <select
          data-testid="gas"
          value={settings.gas}
          disabled={disabled}
          onChange={(e) => onChange({ ...settings, gas: e.target.value as Settings['gas'] })}
        >
          <option value="self">paid by the account</option>
          <option value="sponsored">gasless, sponsored by the app</option>
          <option value="strk">gasless, paid in STRK</option>
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="approval"
          checked={settings.approval}
          disabled={disabled}
          onChange={(e) => onChange({ ...settings, approval: e.target.checked })}
        />{' '}
        ask for a 1 STRK approval with the session
      </label>
    </section>
  )
}
