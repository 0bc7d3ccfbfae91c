// @ts-check
/*
 * A page's first paint (the popup, the inbox): the HTML it showed last time
 * (kept in localStorage under `data-key` by src/ui/kept-paint.ts), put in
 * place before the page's app loads. A plain script, not a module, because a
 * module runs only once the whole module graph is fetched and evaluated,
 * which is most of the time to a first paint. The app then renders over it
 * with what is stored and what the tracker says.
 *
 * It also loads the app (`data-app`, and the chunks to preload with it,
 * `data-preload`, both written into the built page by kept-first-paint-plugin.ts
 * beside it, which puts this script in the build): after the first frame
 * when it painted what was kept, at once when there was nothing to paint.
 */
(() => {
  const { key, app, preload, now } = document.currentScript?.dataset ?? {};
  // `data-now` (the inbox's storage read): run at once, so the read goes on while the page paints and loads.
  if (now) {
    const read = document.createElement('script');
    read.type = 'module';
    read.src = now;
    document.head.append(read);
  }
  let painted = false;
  try {
    const kept = key ? localStorage.getItem(key) : null;
    const root = document.getElementById('app');
    if (kept && root && root.childElementCount === 0) {
      root.innerHTML = kept;
      // What was kept, not yet this opening's data: busy until the app has it.
      root.querySelector('main')?.setAttribute('aria-busy', 'true');
      painted = true;
    }
  } catch {
    // No storage (a private window's policy): the app paints as before.
  }
  // The chunks the entry imports, fetched beside it rather than after it.
  const fetchChunks = () => {
    for (const href of preload?.split(' ').filter(Boolean) ?? []) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  };
  // Not before the first frame: preloaded before it, the inbox's chunks held its first paint back by some
  // 30 ms in a Chromium trace (bench/src/inbox-profile.ts): the first-paint script's task grew 10 -> 38 ms.
  const load = () => {
    fetchChunks();
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.src = app;
    document.body.append(entry);
  };
  if (painted) requestAnimationFrame(() => setTimeout(load));
  else load();
})();
