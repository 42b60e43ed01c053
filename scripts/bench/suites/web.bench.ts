import { join } from 'node:path';
import { buildFloor, buildWeb, ENTRY_ROUTES, REGISTER_ROUTE, REPO_ROOT, routeDownload } from '../../web/bundle-size';
import type { BenchSuite, SummaryLine } from '../support/suite';
import { goalStatus } from '../support/suite';
import { printTable } from '../support/table';

// Issue 12: what each entry route downloads before it is usable (JavaScript and CSS, gzipped, the
// English catalogs included), beside the React + React Router + TanStack Query floor built in the
// same run. Goals: /auth ≤ 150 KB of JavaScript, any admin area ≤ 250 KB with its shared chunks,
// the register ≤ 300 KB (issue 15: it carries the cart, payment, park and return screens).

const AREA_GOAL_KB = 250;
const ROUTE_GOALS_KB: Record<string, number> = { '/auth': 150, [REGISTER_ROUTE]: 300 };
const LARGEST_SHOWN = 8;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const suite: BenchSuite = {
  name: 'web',
  description: 'gzipped JS and CSS each entry route downloads (production build), beside the React + router + query floor',
  async run() {
    const outDir = join(REPO_ROOT, 'dist/bench-web');
    const manifest = await buildWeb(outDir);
    const floor = await buildFloor(join(REPO_ROOT, 'dist/bench-floor'));
    const downloads = Object.keys(ENTRY_ROUTES).map((route) => routeDownload(outDir, manifest, route));
    printTable({
      title: 'Downloads before each route is usable (gzip -9)',
      columns: ['route', 'JS', 'CSS', 'files', 'JS above the floor'],
      rows: [
        ...downloads.map((download) => [download.route, kb(download.jsGzipBytes), kb(download.cssGzipBytes), download.files.length, kb(download.jsGzipBytes - floor.jsGzipBytes)]),
        ['floor: react + react-dom + react-router + react-query', kb(floor.jsGzipBytes), '', '', ''],
      ],
      align: ['left', 'right', 'right', 'right', 'right'],
    });
    const goalKbOf = (route: string) => ROUTE_GOALS_KB[route] ?? AREA_GOAL_KB;
    // Where the bytes go on a route over its goal: its largest JavaScript files.
    for (const download of downloads.filter((candidate) => candidate.jsGzipBytes > goalKbOf(candidate.route) * 1024)) {
      const largest = [...download.gzipBytesByFile].filter(([file]) => file.endsWith('.js')).sort((a, b) => b[1] - a[1]).slice(0, LARGEST_SHOWN);
      printTable({
        title: `${download.route}: its ${LARGEST_SHOWN} largest JavaScript files (gzip -9) — ${kb(download.jsGzipBytes)} against ${goalKbOf(download.route)} KB`,
        columns: ['file', 'JS'],
        rows: largest.map(([file, bytes]) => [file, kb(bytes)]),
      });
    }
    return downloads.map((download): SummaryLine => {
      const goalKb = goalKbOf(download.route);
      return {
        figure: `${download.route} JS (gzip)`,
        value: kb(download.jsGzipBytes),
        baseline: `floor ${kb(floor.jsGzipBytes)}`,
        goal: `≤ ${goalKb} KB`,
        status: goalStatus(download.jsGzipBytes <= goalKb * 1024),
      };
    });
  },
};

export default suite;
