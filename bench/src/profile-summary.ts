/** Reads a V8 CPU profile (node:inspector's, or `node --cpu-prof`'s file): self time by function and by where the code lives. */
import fs from 'node:fs';

export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a frame's code lives: our source by folder, a package by name, Node itself, or V8's own entries. */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const ours = /\/(apps\/[^/]+\/src\/(?:modules\/[^/]+|[^/]+)|packages\/[^/]+\/src|bench\/src)/.exec(url);
  if (ours) return ours[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url;
}

export function summarizeProfile(profile: CpuProfile, top = 30): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    const file = f.url.replace(/^.*\/(node_modules|apps|packages|bench)\//, '$1/');
    const key = `${f.functionName || '(anonymous)'}  ${file}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    const place = placeOf(f.url, f.functionName);
    places.set(place, (places.get(place) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${pct(us)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
  return [
    `sampled ${(total / 1000).toFixed(0)} ms`,
    '',
    'self time by where the code lives:',
    ...rows(places, 25),
    '',
    `self time by function (top ${top}):`,
    ...rows(fns, top),
  ];
}

// As a command: `node --import tsx bench/src/profile-summary.ts <file.cpuprofile>` (e.g. one `node --cpu-prof` wrote).
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!) && process.argv[2]) {
  console.log(summarizeProfile(JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as CpuProfile).join('\n'));
}
