import type { Attachment } from '../../bugzilla/attachment/attachment.js';
import type { SnapshotAttachment } from '../../bugzilla/store/snapshot.js';
import { attachmentOfSnapshot, snapshotAttachment } from '../snapshot-records.js';

/**
 * Every attachment, by id and by bug (in id order, as 5.2 lists a bug's attachments), and the
 * bytes a snapshot carried in itself. Changes arrive only through bug writes (`put`).
 */
export class ModelAttachments {
  readonly #byId = new Map<number, Attachment>();
  readonly #byBug = new Map<number, Attachment[]>();
  /** Bytes carried in the snapshot (a fixture's), by SHA-256; others are in the store's AttachmentData. */
  readonly inlineData = new Map<string, Buffer>();
  #maxId = 0;

  clear(): void {
    this.#byId.clear();
    this.#byBug.clear();
    this.inlineData.clear();
    this.#maxId = 0;
  }

  load(rows: readonly SnapshotAttachment[]): void {
    for (const row of rows) this.#add(attachmentOfSnapshot(row));
  }

  loadData(records: ReadonlyArray<{ sha256: string; base64: string }>): void {
    for (const { sha256, base64 } of records) this.inlineData.set(sha256, Buffer.from(base64, 'base64'));
  }

  /** One more than the highest id there is (where a store starts numbering new attachments). */
  nextId(): number {
    return this.#maxId + 1;
  }

  byId(id: number): Attachment | undefined {
    return this.#byId.get(id);
  }

  ofBug(bugId: number): readonly Attachment[] {
    return this.#byBug.get(bugId) ?? [];
  }

  snapshotRows(): SnapshotAttachment[] {
    return [...this.#byId.values()].sort((a, b) => a.id - b.id).map(snapshotAttachment);
  }

  snapshotData(): Array<{ sha256: string; base64: string }> {
    return [...this.inlineData].map(([sha256, bytes]) => ({ sha256, base64: bytes.toString('base64') }));
  }

  /** An attachment a bug write added or changed, whole: it replaces the old entry (a reader holding that one keeps it). */
  put(attachment: Attachment): void {
    const old = this.#byId.get(attachment.id);
    if (!old) {
      this.#add(attachment);
      return;
    }
    this.#byId.set(attachment.id, attachment);
    const list = this.#byBug.get(attachment.bugId) ?? [];
    const at = list.indexOf(old);
    if (at >= 0) list[at] = attachment;
  }

  #add(attachment: Attachment): void {
    if (this.#byId.has(attachment.id)) throw new Error(`attachment ${attachment.id} exists twice`);
    this.#byId.set(attachment.id, attachment);
    let list = this.#byBug.get(attachment.bugId);
    if (!list) {
      list = [];
      this.#byBug.set(attachment.bugId, list);
    }
    let at = list.length;
    while (at > 0 && (list[at - 1] as Attachment).id > attachment.id) at--;
    list.splice(at, 0, attachment);
    this.#maxId = Math.max(this.#maxId, attachment.id);
  }
}
