import { errors } from '../bugzilla/errors.js';

/** The answer's JSON, or the refusal when it is over `limitBytes` (UTF-8). */
export function checkAnswerSize(json: string, limitBytes: number): string {
  // A string of n UTF-16 units takes n to 3n bytes: count them only when it matters.
  if (json.length > limitBytes || (json.length * 3 > limitBytes && Buffer.byteLength(json) > limitBytes)) {
    throw errors.answerTooLarge(limitBytes);
  }
  return json;
}
