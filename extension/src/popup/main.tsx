import { render } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { DeliveryState } from '../background/local-state.js';
import { browserPlatform } from '../platform/browser.js';
import { loadPopupData, type PopupData } from './load.js';
import { Popup } from './Popup.js';

function App() {
  const [data, setData] = useState<PopupData | null>(null);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    void loadPopupData(browserPlatform).then((loaded) => {
      setData(loaded);
      // For `npm run bench`: the popup's time from opening until all data is shown.
      requestAnimationFrame(() => {
        document.documentElement.dataset.loadedMs = String(Math.round(performance.now()));
      });
    });
  }, []);
  const retry = useCallback(async () => {
    setRetrying(true);
    try {
      const delivery = await browserPlatform.sendMessage<DeliveryState>({ type: 'retry-now' });
      setData((current) => (current ? { ...current, delivery } : current));
    } finally {
      setRetrying(false);
    }
  }, []);
  return (
    <Popup
      data={data}
      now={Date.now()}
      onRetry={retry}
      onOpenOptions={() => void browserPlatform.openOptionsPage()}
      retrying={retrying}
    />
  );
}

render(<App />, document.getElementById('app') as HTMLElement);
