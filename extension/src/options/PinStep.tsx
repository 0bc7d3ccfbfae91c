/**
 * The welcome's last step: after install the button sits inside the
 * browser's extensions menu, where its badge cannot be seen; this says how
 * to pin it, with a picture of where to click (drawn here, not a screenshot
 * of one browser's theme).
 */
export function PinStep() {
  return (
    <div class="pin-step" data-testid="pin-step">
      <h3>Pin the button to see the badge</h3>
      <svg
        class="pin-picture"
        viewBox="0 0 360 120"
        role="img"
        aria-labelledby="pin-picture-title"
        xmlns="http://www.w3.org/2000/svg"
      >
        <title id="pin-picture-title">
          The browser's toolbar: the extensions menu opened from its puzzle-piece button, bz-companion in it with a pin
          beside its name
        </title>
        <rect x="1" y="1" width="358" height="30" rx="6" fill="none" stroke="currentColor" opacity="0.5" />
        <rect x="12" y="8" width="220" height="16" rx="8" fill="currentColor" opacity="0.12" />
        <g transform="translate(300 7)">
          <rect x="-4" y="-3" width="26" height="22" rx="5" fill="currentColor" opacity="0.15" />
          <path
            d="M3 4h4a2 2 0 1 1 4 0h4v4a2 2 0 1 1 0 4v4H3v-4a2 2 0 1 0 0-4z"
            fill="none"
            stroke="currentColor"
            stroke-width="1.5"
          />
        </g>
        <path d="M310 34 l-6 8 h12 z" fill="currentColor" opacity="0.5" />
        <rect x="150" y="42" width="200" height="70" rx="6" fill="none" stroke="currentColor" opacity="0.5" />
        <text x="162" y="62" font-size="12" fill="currentColor" opacity="0.7">
          Extensions
        </text>
        <rect x="162" y="74" width="14" height="14" rx="3" fill="#1a7f37" />
        <text x="184" y="86" font-size="13" fill="currentColor">
          bz-companion
        </text>
        <g transform="translate(318 72)">
          <circle cx="9" cy="9" r="12" fill="none" stroke="#0969da" stroke-width="2" />
          <path d="M6 3h6l-1 5 3 3H4l3-3z M9 11v6" fill="none" stroke="currentColor" stroke-width="1.5" />
        </g>
      </svg>
      <ul>
        <li>
          <strong>Chromium, Chrome, Edge:</strong> click the puzzle-piece button at the right of the toolbar, then the
          pin beside bz-companion.
        </li>
        <li>
          <strong>Firefox:</strong> click the extensions button (the puzzle piece) in the toolbar, then the gear beside
          bz-companion and <em>Pin to Toolbar</em>.
        </li>
      </ul>
      <p>The badge then counts the bugs waiting across your trackers; Alt+Shift+I opens the inbox.</p>
    </div>
  );
}
