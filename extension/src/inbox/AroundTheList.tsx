import { useEffect, useMemo, useState } from 'preact/hooks';
import { rowKey } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import { PinsStorage } from '../storage/pins-storage.js';
import type { useFreshness } from '../ui/use-freshness.js';
import { requestsByYou } from './ByYou.js';
import type { Criteria } from './filters.js';
import { InboxToolbar } from './InboxHeader.js';
import { type InboxView, Sidebar } from './Sidebar.js';
import { TrackerNotes } from './TrackerNotes.js';
import type { InboxPage } from './use-inbox-rows.js';
import type { useSelection } from './use-selection.js';

function usePins(platform: Platform) {
  const storage = useMemo(() => new PinsStorage(platform), [platform]);
  const [pins, setPins] = useState<Criteria[]>([]);
  useEffect(() => void storage.read().then(setPins), [storage]);
  const save = (next: Criteria[]) => {
    setPins(next);
    void storage.save(next);
  };
  return [pins, save] as const;
}

interface AroundTheListProps {
  page: InboxPage;
  platform: Platform;
  selection: ReturnType<typeof useSelection>;
  freshness: ReturnType<typeof useFreshness>;
  onHelp: () => void;
  searchRef: { current: HTMLInputElement | null };
  view: InboxView;
  onView: (view: InboxView) => void;
  onCriteria: (criteria: Criteria) => void;
  /** On a narrow window the filters fold away: whether they are open. */
  filters: { open: boolean; onToggle: () => void };
}

/** The tools above the list, acting on the rows the filters keep. */
function ListTools({
  page,
  selection,
  freshness,
  onHelp,
  searchRef,
  filters,
}: Pick<AroundTheListProps, 'page' | 'selection' | 'freshness' | 'onHelp' | 'searchRef' | 'filters'>) {
  const { rows, criteria } = page;
  const allSelected = rows.length > 0 && rows.every((row) => selection.selected.has(rowKey(row)));
  return (
    <InboxToolbar
      text={criteria.text ?? ''}
      onText={(text) => page.setCriteria({ ...criteria, text: text || undefined })}
      order={page.prefs.order}
      onOrder={page.prefs.setOrder}
      refresh={freshness}
      allSelected={allSelected}
      onSelectAll={selection.toggleAll}
      shown={rows.length}
      onDoneAll={() => void page.commands.run('done', rows)}
      onHelp={onHelp}
      searchRef={searchRef}
      filters={filters}
    />
  );
}

/** Around the list: the tools, the notes, the views and filters. */
export function AroundTheList({
  page,
  platform,
  selection,
  freshness,
  onHelp,
  searchRef,
  view,
  onView,
  onCriteria,
  filters,
}: AroundTheListProps) {
  const { rows, all, criteria, inboxes } = page;
  const [pins, setPins] = usePins(platform);
  return (
    <>
      <ListTools
        page={page}
        selection={selection}
        freshness={freshness}
        onHelp={onHelp}
        searchRef={searchRef}
        filters={filters}
      />
      <TrackerNotes
        inboxes={inboxes}
        dismissed={page.prefs.dismissed}
        onDismiss={page.prefs.dismiss}
        onFix={() => void platform.openOptionsPage()}
      />
      <Sidebar
        rows={rows}
        all={all}
        criteria={criteria}
        pins={pins}
        onCriteria={onCriteria}
        onPins={setPins}
        view={view}
        onView={onView}
        byYou={requestsByYou(inboxes).length}
        inboxes={inboxes}
        now={page.now}
      />
    </>
  );
}
