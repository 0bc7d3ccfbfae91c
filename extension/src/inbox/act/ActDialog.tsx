import { useEffect, useState } from 'preact/hooks';
import type { InboxRow } from '../../common/inbox-rows.js';
import type { FlagRequest } from '../../common/inbox-state.js';
import type { Workflow } from '../../tracker/workflow.js';
import { shortLogin } from '../../ui/describe-news.js';
import { Modal } from '../Dialogs.js';
import type { TrackerActions } from './act-on-bugs.js';
import { knownBug, type TrackerAction } from './tracker-actions.js';

/** What the dialog opens on: the list of actions, or one of them (by its key). */
export type ActChoice = 'reply' | 'status' | 'answer' | 'review' | 'take' | 'cc';

const same = (a: string | null | undefined, b: string | null) =>
  typeof a === 'string' && b !== null && a.toLowerCase() === b.toLowerCase();

/** The actions that make sense for these rows: answering and reviewing are one bug's own requests. */
function choicesFor(rows: readonly InboxRow[]): ActChoice[] {
  const only = rows.length === 1 ? rows[0] : undefined;
  const requests = only?.bug.inbox?.requests ?? [];
  return [
    'reply',
    'status',
    ...(requests.some((r) => r.flag === 'needinfo') ? (['answer'] as const) : []),
    ...(requests.some((r) => r.flag !== 'needinfo') ? (['review'] as const) : []),
    ...(rows.every((row) => same(row.bug.inbox?.assignee, row.me)) ? [] : (['take'] as const)),
    'cc',
  ];
}

const LABELS: Record<ActChoice, string> = {
  reply: 'Reply with a comment',
  status: 'Change the status',
  answer: 'Answer the needinfo',
  review: 'Grant or deny the request',
  take: 'Take the bug',
  cc: 'Join or leave the CC',
};

/** "(In reply to carol from comment #3)" and the comment quoted, as Bugzilla's own Reply writes it. */
const quoted = (author: string, count: number, text: string) =>
  `(In reply to ${shortLogin(author)} from comment #${count})\n${text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')}\n\n`;

/** The status form: where the tracker's workflow lets the bug go from its status, a resolution for a closed one. */
function StatusFields({
  workflow,
  from,
  value,
  onChange,
}: {
  workflow: Workflow | null;
  from: string | null;
  value: { status: string; resolution: string };
  onChange: (value: { status: string; resolution: string }) => void;
}) {
  if (!workflow) return <p class="muted">Reading the tracker’s workflow…</p>;
  const moves = (from && workflow.moves[from]) || workflow.statuses.map((to) => ({ to, commentRequired: false }));
  const closed = workflow.closed.includes(value.status);
  return (
    <div class="act-fields">
      <label>
        New status{' '}
        <select value={value.status} onChange={(e) => onChange({ ...value, status: e.currentTarget.value })}>
          <option value="">Choose…</option>
          {moves.map((move) => (
            <option key={move.to} value={move.to}>
              {move.to}
              {move.commentRequired ? ' (needs a comment)' : ''}
            </option>
          ))}
        </select>
      </label>
      {closed && (
        <label>
          Resolution{' '}
          <select value={value.resolution} onChange={(e) => onChange({ ...value, resolution: e.currentTarget.value })}>
            <option value="">Choose…</option>
            {workflow.resolutions.map((resolution) => (
              <option key={resolution} value={resolution}>
                {resolution}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

/** What the dialog's form holds, and the action it makes (null until it is one that can be sent). */
function useActForm(rows: InboxRow[], choice: ActChoice | null, actions: TrackerActions) {
  const choices = choicesFor(rows);
  const [chosen, setChosen] = useState<ActChoice>(choice && choices.includes(choice) ? choice : 'reply');
  const [text, setText] = useState('');
  const [status, setStatus] = useState({ status: '', resolution: '' });
  const [workflow, setWorkflow] = useState<Workflow | null>(null);
  const first = rows[0];
  const only = rows.length === 1 ? first : undefined;
  const requests = only?.bug.inbox?.requests ?? [];
  const [request, setRequest] = useState<FlagRequest | null>(
    requests.find((r) => (chosen === 'answer' ? r.flag === 'needinfo' : r.flag !== 'needinfo')) ?? null,
  );
  useEffect(() => {
    if (chosen !== 'status' || !first || workflow) return;
    void actions.workflow(first.trackerId).then((found) => 'moves' in found && setWorkflow(found));
  }, [chosen, first, actions, workflow]);
  const action = ((): TrackerAction | null => {
    if (chosen === 'reply') return text.trim() ? { kind: 'reply', text } : null;
    if (chosen === 'status') {
      if (!status.status || (workflow?.closed.includes(status.status) && !status.resolution)) return null;
      return { kind: 'status', status: status.status, resolution: status.resolution || null, text };
    }
    if (chosen === 'answer') return request && text.trim() ? { kind: 'answer', request, text } : null;
    if (chosen === 'take') return { kind: 'take' };
    if (chosen === 'cc') return { kind: 'cc', join: !rows.every((row) => row.bug.inbox?.inCc) };
    return null;
  })();
  const quote = async () => {
    const count = only?.bug.news?.firstNewComment;
    if (!only || count == null) return;
    const comment = await actions.comment(only.trackerId, only.bug.id, count);
    if (comment) setText((was) => quoted(comment.author, count, comment.text) + was);
  };
  return {
    choices,
    chosen,
    setChosen,
    text,
    setText,
    status,
    setStatus,
    workflow,
    only,
    requests,
    request,
    setRequest,
    action,
    quote,
  };
}

type ActForm = ReturnType<typeof useActForm>;

/** Which request is answered, when the bug has several. */
function RequestPicker({ form }: { form: ActForm }) {
  if ((form.chosen !== 'answer' && form.chosen !== 'review') || form.requests.length < 2) return null;
  return (
    <label>
      Request{' '}
      <select
        value={String(form.request?.id ?? '')}
        onChange={(e) => form.setRequest(form.requests.find((r) => String(r.id) === e.currentTarget.value) ?? null)}
      >
        {form.requests.map((r) => (
          <option key={r.id} value={r.id}>
            {r.flag}? from {shortLogin(r.from)}
            {r.attachment ? ` on ${r.attachment.name}` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Send, or for a review Grant and Deny. */
function SendButtons({ form, send }: { form: ActForm; send: (action: TrackerAction | null) => void }) {
  const { request, text, action } = form;
  if (form.chosen === 'review') {
    const flag = request?.flag ?? 'review';
    return (
      <div class="actions">
        <button
          type="button"
          disabled={!request}
          onClick={() => request && send({ kind: 'review', request, grant: true, text })}
        >
          Grant ({flag}+)
        </button>
        <button
          type="button"
          disabled={!request}
          onClick={() => request && send({ kind: 'review', request, grant: false, text })}
        >
          Deny ({flag}−)
        </button>
      </div>
    );
  }
  const label =
    form.chosen === 'take'
      ? 'Take it'
      : action?.kind === 'cc'
        ? action.join
          ? 'Join the CC'
          : 'Leave the CC'
        : 'Send';
  return (
    <div class="actions">
      <button type="submit" disabled={action === null}>
        {label}
      </button>
    </div>
  );
}

/** The actions that make sense for the rows, one chosen. */
function ActChoices({ form }: { form: ActForm }) {
  return (
    <fieldset class="act-choices">
      <legend>What to do</legend>
      {form.choices.map((each) => (
        <label key={each} class="check">
          <input type="radio" name="act" checked={form.chosen === each} onChange={() => form.setChosen(each)} />{' '}
          {LABELS[each]}
        </label>
      ))}
    </fieldset>
  );
}

/** The status form, when changing the status is chosen; from the first row's status as last known. */
function StatusPart({ form, first }: { form: ActForm; first: InboxRow }) {
  if (form.chosen !== 'status') return null;
  return (
    <StatusFields
      workflow={form.workflow}
      from={knownBug(first.bug.id, first.bug.inbox).status}
      value={form.status}
      onChange={form.setStatus}
    />
  );
}

/** The comment, needed to reply or answer, optional with a status or a review; none to take or CC. */
function CommentField({ form }: { form: ActForm }) {
  if (form.chosen === 'take' || form.chosen === 'cc') return null;
  return (
    <label class="act-comment">
      {form.chosen === 'reply' || form.chosen === 'answer' ? 'Comment' : 'Comment (optional)'}
      <textarea rows={6} value={form.text} onInput={(e) => form.setText(e.currentTarget.value)} />
    </label>
  );
}

/** A reply to one bug with a new comment may start by quoting it. */
function QuoteButton({ form }: { form: ActForm }) {
  if (form.chosen !== 'reply' || form.only?.bug.news?.firstNewComment == null) return null;
  return (
    <button type="button" class="secondary" onClick={() => void form.quote()}>
      Quote the first new comment
    </button>
  );
}

/**
 * Acting on the bug (or the bugs selected) on its tracker: reply (the first new comment quoted on
 * request), change the status along the tracker's workflow, answer a needinfo, grant or deny a
 * review or feedback, take it, join or leave its CC. The result is said in the notice and on the row.
 */
export function ActDialog({
  rows,
  choice,
  actions,
  onAct,
  onClose,
}: {
  rows: InboxRow[];
  choice: ActChoice | null;
  actions: TrackerActions;
  onAct: (action: TrackerAction) => void;
  onClose: () => void;
}) {
  const form = useActForm(rows, choice, actions);
  const first = rows[0];
  if (!first) return null;
  const title = form.only ? `Bug ${form.only.bug.id} on ${form.only.label}` : `${rows.length} bugs`;
  const send = (chosen: TrackerAction | null) => {
    if (!chosen) return;
    onAct(chosen);
    onClose();
  };
  return (
    <Modal title={`Act on ${title}`} onClose={onClose}>
      <form
        class="act"
        onSubmit={(event) => {
          event.preventDefault();
          send(form.action);
        }}
      >
        <ActChoices form={form} />
        <StatusPart form={form} first={first} />
        <RequestPicker form={form} />
        <CommentField form={form} />
        <QuoteButton form={form} />
        <SendButtons form={form} send={send} />
      </form>
    </Modal>
  );
}
