import { type AccessParameters, canSeeBug } from '../access.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { errors } from '../errors.js';
import type { Bug, User } from '../types.js';
import { checkCanChange } from './can-change.js';
import type { AttachmentWrite, BugView, BugWriteEffect, NewBugComment } from './effect.js';
import { WorkingBug } from './working-bug.js';

export interface UpdateCommand {
  actor: User;
  /** Epoch seconds: the request's database clock. */
  when: number;
  /** The bugs to change, in the order asked (each once), checked to exist and be visible. */
  bugIds: readonly number[];
  /** The request's parameters (ids and credentials aside), as 5.2's Bug.update takes them. */
  params: Readonly<Record<string, unknown>>;
  catalogue: Catalogue;
  parameters: AccessParameters & Record<string, string | undefined>;
  /** Per bug: the visit rows 5.2's update sets and deletes (computed by the caller from who is involved). */
  visits: ReadonlyMap<number, { setFor: number[]; forget: number[] }>;
  /** This tracker's urlbase (ending in `/`): See Also's show_bug.cgi URLs of it are local bugs. */
  urlbase: string;
  /** See Also's removals before its additions: 5.2's update_see_also (Bug.update adds first). */
  seeAlsoRemovesFirst?: boolean;
  /** BMO's Needinfo extension's fields and refusals (the profile's `needinfoWrites`). */
  needinfoWrites?: boolean;
  /** BMO's refusal of requests asked of users who block them (the profile's `blockedRequestees`). */
  blockedRequestees?: boolean;
}

/**
 * What every field family of Bug.update shares while it plans (Bug.pm's `$self` across its set_*):
 * the command, the current rows, every bug the write changes so far, and the comments, comment
 * privacy and attachments it adds.
 */
export class UpdateContext {
  readonly command: UpdateCommand;
  readonly view: BugView;
  /** Every bug this write changes, targets first, by id. */
  readonly working = new Map<number, WorkingBug>();
  readonly comments: NewBugComment[] = [];
  readonly commentPrivacy: NonNullable<BugWriteEffect['commentPrivacy']> = [];
  /** Attachments whose flags a move cleared. */
  readonly attachments: AttachmentWrite[] = [];

  constructor(command: UpdateCommand, view: BugView) {
    this.command = command;
    this.view = view;
  }

  /** A bug this write changes (a copy of the stored one, made on first use). */
  workingBug(id: number): WorkingBug {
    let working = this.working.get(id);
    if (!working) {
      const bug = this.view.bug(id);
      if (!bug) throw errors.bugDoesNotExist(id);
      working = new WorkingBug(bug);
      this.working.set(id, working);
    }
    return working;
  }

  /** A bug as this write has it so far (changed or stored). */
  bug(id: number): Bug | undefined {
    return this.working.get(id)?.bug ?? this.view.bug(id);
  }

  /** A bug named in a parameter: it must exist and be visible to the user (101, 102). */
  checkOther(id: number): Bug {
    const bug = this.bug(id);
    if (!bug) throw errors.bugDoesNotExist(id);
    if (!canSeeBug(this.command.actor, bug, this.command.parameters)) throw errors.bugAccessDenied(id);
    return bug;
  }

  login(id: number | null): string {
    return id === null ? '' : (this.view.user(id)?.login ?? '');
  }

  /** 5.2's check_can_change_field against the bug as it was before this write (115). */
  checkChange(working: WorkingBug, field: string, oldValue: string, newValue: string, valuesInRefusal = true): void {
    const { actor, parameters, catalogue } = this.command;
    const context = { parameters, isOpen: (status: string) => catalogue.isOpen(status) };
    checkCanChange(actor, working.original, field, oldValue, newValue, context, valuesInRefusal);
  }

  mayChange(working: WorkingBug, field: string, oldValue: string, newValue: string): boolean {
    try {
      this.checkChange(working, field, oldValue, newValue);
      return true;
    } catch {
      return false;
    }
  }
}
