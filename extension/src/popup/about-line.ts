import type { ClockSkew } from '@bz-companion/shared';

/** The folded "About this tracker" line's own words: the version and the clock's health, and whether it is off. */
export interface AboutLine {
  text: string;
  /** Opened by itself: the clock is off, which changes how every time in the popup reads. */
  clockOff: boolean;
  /** The clock's health in a sentence, for the hover. */
  title: string | null;
}

const wholeSeconds = (seconds: number) => Math.max(1, Math.round(Math.abs(seconds)));

function clockHealth(skew: ClockSkew): { words: string; title: string; off: boolean } {
  if (skew.trackerClocksDisagree) {
    const by = wholeSeconds(skew.dbMinusWebSeconds);
    const way = skew.dbMinusWebSeconds > 0 ? 'ahead' : 'behind';
    return {
      words: `database clock ${by} s ${way}`,
      title: `The tracker's database clock is ${by} s ${way} of its web server.`,
      off: true,
    };
  }
  if (Math.abs(skew.localMinusWebMs) > skew.uncertaintyMs) {
    const by = wholeSeconds(skew.localMinusWebMs / 1000);
    // localMinusWeb > 0: the browser is ahead, so the tracker's clock is behind it.
    const way = skew.localMinusWebMs > 0 ? 'behind' : 'ahead';
    return {
      words: `clock ${by} s ${way}`,
      title: `The tracker's clock is ${by} s ${way} of this browser's.`,
      off: true,
    };
  }
  return {
    words: 'clock ok',
    title: "The tracker's clocks agree with each other and with this browser's.",
    off: false,
  };
}

/** "Bugzilla 5.2.1 · clock 3 s ahead": each part only where the tracker told it. */
export function aboutLine(version: string | null, skew: ClockSkew | null): AboutLine {
  const health = skew ? clockHealth(skew) : null;
  const parts = [...(version ? [`Bugzilla ${version}`] : []), ...(health ? [health.words] : [])];
  return { text: parts.join(' · '), clockOff: health?.off ?? false, title: health?.title ?? null };
}
