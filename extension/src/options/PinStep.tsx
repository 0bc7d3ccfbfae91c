import { ChromiumPinPicture, FirefoxPinPicture } from './PinPictures.js';

/**
 * The welcome's last step: after install the button sits inside the
 * browser's extensions menu, where its badge cannot be seen; this says how
 * to pin it, with a picture of where to click in each browser (drawn here,
 * in the page's colours, not a screenshot of one browser's theme).
 */
export function PinStep() {
  return (
    <div class="pin-step" data-testid="pin-step">
      <h3>Pin the button to see the badge</h3>
      <div class="pin-pictures">
        <ChromiumPinPicture />
        <FirefoxPinPicture />
      </div>
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
