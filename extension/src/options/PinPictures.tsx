/** The puzzle-piece button both browsers put the extensions menu behind. */
function PuzzleButton({ x }: { x: number }) {
  return (
    <g transform={`translate(${x} 7)`}>
      <rect x="-4" y="-3" width="26" height="22" rx="5" fill="currentColor" opacity="0.15" />
      <path
        d="M3 4h4a2 2 0 1 1 4 0h4v4a2 2 0 1 1 0 4v4H3v-4a2 2 0 1 0 0-4z"
        fill="none"
        stroke="currentColor"
        stroke-width="1.5"
      />
    </g>
  );
}

/** A toolbar with its address bar, the puzzle button at `x`, and the menu it opens. */
function ToolbarAndMenu({ puzzleX, title }: { puzzleX: number; title: string }) {
  return (
    <>
      <rect x="1" y="1" width="358" height="30" rx="6" fill="none" stroke="currentColor" opacity="0.5" />
      <rect x="12" y="8" width="200" height="16" rx="8" fill="currentColor" opacity="0.12" />
      <PuzzleButton x={puzzleX} />
      <path d={`M${puzzleX + 10} 34 l-6 8 h12 z`} fill="currentColor" opacity="0.5" />
      <rect x="110" y="42" width="240" height="70" rx="6" fill="none" stroke="currentColor" opacity="0.5" />
      <text x="122" y="62" font-size="12" fill="currentColor" opacity="0.7">
        {title}
      </text>
      <rect x="122" y="74" width="14" height="14" rx="3" fill="#1a7f37" />
      <text x="144" y="86" font-size="13" fill="currentColor">
        bz-companion
      </text>
    </>
  );
}

/** Chromium, Chrome, Edge: the puzzle piece opens "Extensions"; the pin beside the name pins the button. */
export function ChromiumPinPicture() {
  return (
    <figure>
      <svg class="pin-picture" viewBox="0 0 360 120" role="img" aria-labelledby="pin-chromium-title">
        <title id="pin-chromium-title">
          Chromium's toolbar: the extensions menu opened from its puzzle-piece button, bz-companion in it with a pin
          beside its name
        </title>
        <ToolbarAndMenu puzzleX={300} title="Extensions" />
        <g transform="translate(316 72)">
          <circle cx="9" cy="9" r="12" fill="none" stroke="#0969da" stroke-width="2" />
          <path d="M6 3h6l-1 5 3 3H4l3-3z M9 11v6" fill="none" stroke="currentColor" stroke-width="1.5" />
        </g>
      </svg>
      <figcaption>Chromium, Chrome, Edge</figcaption>
    </figure>
  );
}

/** Firefox: the extensions button opens the panel; the gear beside the name has "Pin to Toolbar". */
export function FirefoxPinPicture() {
  return (
    <figure>
      <svg class="pin-picture" viewBox="0 0 360 170" role="img" aria-labelledby="pin-firefox-title">
        <title id="pin-firefox-title">
          Firefox's toolbar: the extensions panel opened from its puzzle-piece button, the gear beside bz-companion
          opened on Pin to Toolbar
        </title>
        <ToolbarAndMenu puzzleX={300} title="Extensions" />
        <g transform="translate(318 72)" fill="none" stroke="currentColor" stroke-width="1.5">
          <circle cx="8" cy="8" r="3" />
          <path d="M8 1v3M8 12v3M1 8h3M12 8h3M3 3l2 2M11 11l2 2M3 13l2-2M11 5l2-2" />
        </g>
        <circle cx="326" cy="80" r="12" fill="none" stroke="#0969da" stroke-width="2" />
        <rect x="196" y="100" width="150" height="62" rx="6" fill="currentColor" opacity="0.08" />
        <rect x="196" y="100" width="150" height="62" rx="6" fill="none" stroke="currentColor" opacity="0.5" />
        <rect x="200" y="105" width="142" height="24" rx="4" fill="#0969da" opacity="0.2" />
        <text x="210" y="122" font-size="13" fill="currentColor" font-weight="600">
          Pin to Toolbar
        </text>
        <text x="210" y="150" font-size="13" fill="currentColor" opacity="0.7">
          Manage Extension
        </text>
      </svg>
      <figcaption>Firefox</figcaption>
    </figure>
  );
}
