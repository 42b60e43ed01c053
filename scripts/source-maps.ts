// Source maps of the built web app are kept for whoever debugs a production error, but not
// published: the build writes them without a sourceMappingURL comment ('hidden'), then this moves
// them out of the served folder (issue 12).
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Moves every `.map` under `webDir` to the same place under `mapsDir` (emptied first); returns how many. */
export function moveSourceMaps(webDir: string, mapsDir: string): number {
  rmSync(mapsDir, { recursive: true, force: true });
  let moved = 0;
  for (const entry of readdirSync(webDir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.map')) continue;
    const target = join(mapsDir, relative(webDir, join(webDir, entry)));
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(webDir, entry), target);
    moved += 1;
  }
  return moved;
}
