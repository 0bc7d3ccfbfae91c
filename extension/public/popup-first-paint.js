// @ts-check
/*
 * The popup's first paint: the HTML it showed last time (popup/kept-paint.ts
 * keeps it), put in place before the popup's modules load. A plain script,
 * not a module, because a module runs only once the whole module graph is
 * fetched and evaluated, which is most of the time to a first paint. The
 * modules then render over it with what is stored and what the tracker says.
 */
(() => {
  try {
    const kept = localStorage.getItem('bz-companion:popup-paint');
    const app = document.getElementById('app');
    if (!kept || !app || app.childElementCount > 0) return;
    app.innerHTML = kept;
    // What was kept, not yet this opening's data: busy until the modules have it.
    app.querySelector('main')?.setAttribute('aria-busy', 'true');
    // Tells the popup's entry (popup/main.ts) to load the app after this frame.
    document.documentElement.dataset.keptPaint = '';
    requestAnimationFrame(() => {
      document.documentElement.dataset.firstPaintMs ??= String(Math.round(performance.now()));
    });
  } catch {
    // No storage (a private window's policy): the modules paint as before.
  }
})();
