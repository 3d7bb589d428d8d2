/**
 * `npm run bench:stats`: only the statistics rows of `npm run bench` (bench/statistics.ts) at the
 * sizes of BENCH_STATS_ORDERS (default 1,000,000 and 10,000,000), filling a size's database first
 * when it is not filled yet (BENCH_FILL=0: skip it instead); rewrites the "Statistics at 1M and 10M
 * orders" section of docs/benchmarks.md and keeps the rest as it is.
 */
import os from 'node:os';
import { benchStatistics, statisticsSection, statsSizes } from './statistics.js';
import { writeSection } from './orders.bench.js';

async function main() {
  const sizes = statsSizes();
  const results = await benchStatistics(sizes);
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  const text = statisticsSection(
    results,
    `Run by \`npm run bench:stats\` (BENCH_STATS_ORDERS=${sizes.join(',')}) on ${new Date().toISOString()}, ${os.cpus().length} cores, load average ${load} (1 / 5 / 15 min) at the end (the machine may be shared).`,
  );
  writeSection('Statistics at 1M and 10M orders', text);
  console.log(text);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
