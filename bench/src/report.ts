export interface Row {
  name: string;
  server: string;
  req_per_s: number;
  p50_ms: number;
  p99_ms: number;
  ratio_to_ceiling: number;
  errors: number;
  /** Store-scaling rows only. */
  stored_visits?: number;
  start_ms?: number;
  rss_mb?: number;
}

export interface Target {
  what: string;
  measured: string;
  met: boolean;
}

const fixed = (value: number | null | undefined, digits: number) =>
  value === undefined || value === null || Number.isNaN(value) ? '' : value.toFixed(digits);

/** A Markdown table: readable in a terminal and pasteable into docs/benchmarks.md. */
export function markdownTable(rows: Row[]): string {
  const lines = [
    '| row | server | req/s | p50 ms | p99 ms | × ceiling | errors | start ms | RSS MB |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${row.server} | ${fixed(row.req_per_s, 0)} | ${fixed(row.p50_ms, 2)} | ${fixed(row.p99_ms, 2)} | ` +
        `${fixed(row.ratio_to_ceiling, 2)} | ${row.errors} | ${fixed(row.start_ms, 0)} | ${fixed(row.rss_mb, 0)} |`,
    );
  }
  return lines.join('\n');
}

export function targetsTable(targets: Target[]): string {
  return [
    '| target | measured | met |',
    '| --- | --- | --- |',
    ...targets.map((t) => `| ${t.what} | ${t.measured} | ${t.met ? 'yes' : '**no**'} |`),
  ].join('\n');
}

/** Durable POST throughput and p99 against stored visits (log scale): two panels, one scale each. */
export function scalingSvg(rows: Row[]): string {
  const points = rows.filter((row) => row.stored_visits !== undefined);
  const width = 680;
  const left = 80;
  const right = 60;
  const panelHeight = 150;
  const logs = points.map((p) => Math.log10(p.stored_visits as number));
  const minLog = Math.min(...logs);
  const maxLog = Math.max(...logs, minLog + 1);
  const x = (i: number) =>
    left + 30 + (((logs[i] as number) - minLog) / (maxLog - minLog)) * (width - left - right - 60);

  const panel = (
    top: number,
    title: string,
    colour: string,
    value: (row: Row) => number,
    format: (v: number) => string,
  ) => {
    const max = Math.max(...points.map(value), 1) * 1.25;
    const y = (v: number) => top + panelHeight - (v / max) * panelHeight;
    const ticks = [0, max / 2, max]
      .map(
        (tick) =>
          `<line x1="${left}" y1="${y(tick)}" x2="${width - right}" y2="${y(tick)}" stroke="#eee"/>` +
          `<text x="${left - 8}" y="${y(tick) + 4}" text-anchor="end" fill="#555">${format(tick)}</text>`,
      )
      .join('');
    const path = points.map((p, i) => `${x(i)},${y(value(p))}`).join(' ');
    const marks = points
      .map(
        (p, i) =>
          `<circle cx="${x(i)}" cy="${y(value(p))}" r="4" fill="${colour}"/>` +
          `<text x="${x(i)}" y="${y(value(p)) - 10}" text-anchor="middle" fill="${colour}" font-weight="bold">${format(value(p))}</text>`,
      )
      .join('');
    return `<text x="${left}" y="${top - 10}" font-size="13" fill="${colour}">${title}</text>
${ticks}<line x1="${left}" y1="${top}" x2="${left}" y2="${top + panelHeight}" stroke="#888"/>
<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2"/>${marks}`;
  };

  const bottomOfPanels = 60 + 2 * panelHeight + 50;
  const axis = points
    .map(
      (p, i) =>
        `<text x="${x(i)}" y="${bottomOfPanels + 18}" text-anchor="middle" font-weight="bold">${(p.stored_visits as number).toLocaleString('en')}</text>` +
        `<text x="${x(i)}" y="${bottomOfPanels + 36}" text-anchor="middle" fill="#555">start ${Math.round(p.start_ms ?? 0)} ms, ${Math.round(p.rss_mb ?? 0)} MB</text>`,
    )
    .join('');
  const height = bottomOfPanels + 70;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
<text x="${width / 2}" y="22" text-anchor="middle" font-size="15">Durable POST /rest/bug_user_last_visit/{id} as the store grows</text>
${panel(
  60,
  'requests per second',
  '#1f6feb',
  (r) => r.req_per_s,
  (v) => String(Math.round(v)),
)}
${panel(
  60 + panelHeight + 50,
  'p99 latency (ms)',
  '#d1242f',
  (r) => r.p99_ms,
  (v) => v.toFixed(1),
)}
<line x1="${left}" y1="${bottomOfPanels}" x2="${width - right}" y2="${bottomOfPanels}" stroke="#888"/>
${axis}
<text x="${width / 2}" y="${height - 10}" text-anchor="middle" fill="#555">stored visits (log scale); start = spawn to "listening", RSS = peak resident memory</text>
</svg>
`;
}
