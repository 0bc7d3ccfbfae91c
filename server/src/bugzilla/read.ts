/**
 * A read's answer: at once from a store whose data lives in this process (the
 * file and memory stores, so their hot paths allocate no promise), a promise
 * from one whose data lives elsewhere (PostgreSQL). Callers `await` it, or go
 * on with `afterRead` where staying synchronous matters (every await costs a
 * tick per request).
 */
export type Read<T> = T | Promise<T>;

/** `next(value)` once the read has answered: synchronously when it already has. */
export function afterRead<T, U>(read: Read<T>, next: (value: T) => Read<U>): Read<U> {
  return read instanceof Promise ? read.then(next) : next(read);
}

/** `next` over the items one after the other (the first error wins); synchronous while every answer is. */
export function readEach<T, U>(items: readonly T[], next: (item: T) => Read<U>): Read<U[]> {
  const results: U[] = [];
  const from = (start: number): Read<U[]> => {
    for (let i = start; i < items.length; i++) {
      const answer = next(items[i] as T);
      if (answer instanceof Promise) {
        return answer.then((value) => {
          results.push(value);
          return from(i + 1);
        });
      }
      results.push(answer);
    }
    return results;
  };
  return from(0);
}

/** Every read's answer, in order: synchronous when every one already has answered. */
export function readAll<T>(reads: readonly Read<T>[]): Read<T[]> {
  return reads.some((read) => read instanceof Promise) ? Promise.all(reads) : (reads as T[]);
}
