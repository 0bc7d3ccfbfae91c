import { useLayoutEffect } from 'preact/hooks';

/**
 * Chrome gives a popup at most 600 px, less on a short screen: when the window ends up shorter than
 * the content, the layout takes the window's height, so the lists scroll inside and Options stays in
 * view. Not before the window has a real size (a popup starts tiny and grows to its content).
 */
export function useFitToWindow(main: { current: HTMLElement | null }): void {
  useLayoutEffect(() => {
    const fit = () => {
      const box = main.current;
      if (!box || window.innerHeight < 200) return;
      if (document.documentElement.scrollHeight > window.innerHeight) box.style.maxHeight = `${window.innerHeight}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  });
}
