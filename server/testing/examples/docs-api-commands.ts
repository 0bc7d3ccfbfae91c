/** A `curl` command of docs/api.md's `sh` blocks, and the answer the docs show for it (a line `# {…}`), if any. */
export interface Example {
  command: string;
  answer: string | undefined;
}

const ANSWER = /^(?:\{|\[|\/\*\*\/)/;

/** Every `curl` command of the `sh` blocks of a Markdown page, in order, with the answer shown under or beside it. */
export function examples(docs: string): Example[] {
  const found: Example[] = [];
  for (const [, block] of docs.matchAll(/```sh\n([\s\S]*?)```/g)) {
    let pending = '';
    for (const line of (block as string).split('\n')) {
      if (line.endsWith('\\')) {
        pending += `${line.slice(0, -1)} `;
        continue;
      }
      const text = pending + line;
      pending = '';
      if (text.startsWith('# ')) {
        const last = found[found.length - 1];
        if (last && last.answer === undefined && ANSWER.test(text.slice(2))) last.answer = text.slice(2);
        continue;
      }
      if (!text.startsWith('curl ')) continue;
      const inline = / {2,}# (.*)$/.exec(text);
      const command = inline ? text.slice(0, inline.index).trim() : text.trim();
      found.push({ command, answer: inline && ANSWER.test(inline[1] as string) ? inline[1] : undefined });
    }
  }
  return found;
}
