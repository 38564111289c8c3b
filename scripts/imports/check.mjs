// Holds an import graph to the house's layers: every circle of files, every import that
// runs up a layer or across packages, every circle between the units of a layer (feature
// areas, server modules), every page that imports another page's files.

const escape = (s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `dir/` is a folder and all under it; `*` stands for one name. The match is what the pattern covers (a unit). */
function compile(pattern) {
  const folder = pattern.endsWith('/');
  const body = pattern.split('*').map(escape).join('[^/]+');
  return { pattern, re: new RegExp(`^(${body})${folder ? '' : '$'}`), weight: pattern.replace(/\*/g, '').length };
}

/** Where each file stands: its package, its layer and rank, and its unit within the layer. */
export function placer(house) {
  const places = house.flatMap((pkg) => pkg.layers.flatMap((layer, rank) => layer.paths.map((p) => ({ pkg, layer, rank, ...compile(p) }))));
  return (file) => {
    let best;
    for (const p of places) {
      const m = p.re.exec(file);
      if (m && (!best || p.weight > best.weight)) best = { ...p, unit: m[1] };
    }
    return best && { pkg: best.pkg, layer: best.layer, rank: best.rank, unit: best.unit };
  };
}

/** Strongly connected parts of a graph with more than one member (Tarjan). */
export function circles(nodes, next) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const part = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return found;
}

/** One way round a circle, from its first member back to it: the shortest. */
function roundTrip(part, next) {
  const inside = new Set(part);
  const start = part[0];
  const from = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of next(v)) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = from.get(u)) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...part, start];
}

function adjacency(pairs) {
  const out = new Map();
  for (const [a, b] of pairs) {
    if (!out.has(a)) out.set(a, new Set());
    out.get(a).add(b);
  }
  return (v) => out.get(v) ?? [];
}

/** Every way the graph breaks the house's rules, one line each; empty when it keeps them all. */
export function findViolations({ files, edges }, house) {
  const place = placer(house);
  const problems = [];
  const where = new Map(files.map((f) => [f, place(f)]));
  for (const f of files) if (!where.get(f)) problems.push(`in no layer: ${f} (give it one in scripts/imports/layers.mjs)`);

  const fileNext = adjacency(edges.map((e) => [e.from, e.to]));
  for (const part of circles(files, fileNext)) problems.push(`circle of files: ${roundTrip(part, fileNext).join(' -> ')}`);

  const unitEdges = new Map();
  for (const { from, to } of edges) {
    const a = where.get(from);
    const b = where.get(to);
    if (!a || !b) continue;
    if (a.pkg !== b.pkg) {
      if (!a.pkg.imports.includes(b.pkg.package)) problems.push(`across packages: ${from} (${a.pkg.package}) -> ${to} (${b.pkg.package})`);
      continue;
    }
    const layer = (p) => `${p.pkg.package} ${p.layer.name}`;
    if (b.rank > a.rank) problems.push(`upward import: ${from} (${layer(a)}) -> ${to} (${layer(b)})`);
    else if (b.layer.importedOnlyBy && a.layer !== b.layer && !b.layer.importedOnlyBy.includes(from))
      problems.push(`only ${b.layer.importedOnlyBy.join(', ')} may import ${layer(b)}: ${from} -> ${to}`);
    if (a.layer === b.layer && a.unit !== b.unit) {
      if (b.layer.units === 'apart') problems.push(`one ${b.layer.name} unit imports another: ${from} -> ${to}`);
      if (b.layer.units === 'no circle') {
        const key = `${a.unit}\n${b.unit}`;
        if (!unitEdges.has(key)) unitEdges.set(key, `${from} -> ${to}`);
      }
    }
  }
  const pairs = [...unitEdges.keys()].map((k) => k.split('\n'));
  const unitNext = adjacency(pairs);
  for (const part of circles([...new Set(pairs.flat())].sort(), unitNext)) {
    const trip = roundTrip(part, unitNext);
    const ties = trip.slice(1).map((u, i) => unitEdges.get(`${trip[i]}\n${u}`));
    problems.push(`circle of folders: ${trip.join(' -> ')} (${ties.join('; ')})`);
  }
  return problems;
}
