/** The active tab shows a Bugzilla that is not in the list: offer to add it, its URL filled in. */
export function TrackThis({ url, onTrack }: { url: string; onTrack: () => void }) {
  return (
    <div class="banner offer" data-testid="track-this">
      <p>
        This tab shows a Bugzilla that is not in your list: <span class="url">{url}</span>
      </p>
      <button type="button" onClick={onTrack}>
        Track this tracker
      </button>
    </div>
  );
}
