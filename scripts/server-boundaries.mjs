// The server's import rules, checked by scripts/check-boundaries.mjs on every lint:
// - the layers below the modules (lib/, db/, plugins/, jobs/, events/) import no module: the
//   job engine knows no feature, a plugin does not reach into one, and the events' catalogue
//   is where emitters and subscribers meet without importing each other;
// - a module uses another only through its public services: files named *.service.ts (or
//   an index.ts), never its routes, its queries or its internals;
// - no module imports another module's test helpers (test-*.ts, *.test-support.ts): what
//   tests share lives in server/src/test/ (factories/);
// - no cycle between modules, counted over the code that runs (tests may import both ways);
// - a route file (*.routes.ts) is HTTP only: it imports neither drizzle-orm nor the tables
//   of db/schema, so a module's queries stay in its services and the files they use.
// app.ts and main.ts compose everything and may import anything.
import path from 'node:path';

const LOWER_LAYERS = ['lib', 'db', 'plugins', 'jobs', 'events'];

/**
 * Whether the lint refuses imports of another module's test helpers (from modules, the
 * lower layers' tests and server/src/test alike): on since every test takes its people,
 * posts, media and money from server/src/test/factories/ (issue 14, item 5).
 */
export const CHECK_TEST_HELPER_IMPORTS = true;

/** The module a file belongs to ('money' for anything under modules/money/), or null. */
export function findServerModule(serverSrc, file) {
  const relative = path.relative(path.join(serverSrc, 'modules'), file);
  if (relative.startsWith('..')) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name : null;
}

function findLayer(serverSrc, file) {
  const [layer, ...rest] = path.relative(serverSrc, file).split(path.sep);
  return rest.length > 0 ? layer : null;
}

const isTestFile = (file) => /\.test\.tsx?$/.test(file);
const isTestHelper = (file) => /(^|\/)test-[^/]*\.ts$|\.test-support\.ts$/.test(file);
const isPublicService = (file) => /\.service\.ts$|(^|\/)index\.ts$/.test(file);
const isRouteFile = (file) => /\.routes\.ts$/.test(file);

/** drizzle-orm itself, or anything under server/src/db/schema (the tables). */
function isQueryImport(serverSrc, file, specifier) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) return true;
  if (!specifier.startsWith('.')) return false;
  const target = path.relative(
    path.join(serverSrc, 'db', 'schema'),
    path.resolve(path.dirname(file), specifier),
  );
  return !target.startsWith('..');
}

/**
 * Checks one import of a server file; returns the problem in words or null. Records the
 * module edge of running code in `graph` for the cycle check.
 */
export function checkServerImport(serverSrc, file, specifier, graph) {
  if (isRouteFile(file) && isQueryImport(serverSrc, file, specifier)) {
    return "route files are HTTP only: queries belong in the module's services (or the files they use)";
  }
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(file), specifier);
  const ownModule = findServerModule(serverSrc, file);
  const targetModule = findServerModule(serverSrc, target);
  if (!targetModule || targetModule === ownModule) return null;

  if (isTestHelper(target) && !CHECK_TEST_HELPER_IMPORTS) return null;
  const layer = findLayer(serverSrc, file);
  if (LOWER_LAYERS.includes(layer)) {
    return `server/src/${layer} must not import a module (${targetModule}): modules register with it instead`;
  }
  if (isTestHelper(target)) {
    return `test helpers of module "${targetModule}" are its own: shared factories go in server/src/test/factories/`;
  }
  if (!ownModule) return null; // app.ts, main.ts and server/src/test/ compose modules
  if (!isTestFile(file) && !isTestHelper(file)) {
    if (!graph.has(ownModule)) graph.set(ownModule, new Map());
    if (!graph.get(ownModule).has(targetModule)) graph.get(ownModule).set(targetModule, file);
  }
  return isPublicService(target)
    ? null
    : `module "${ownModule}" may use module "${targetModule}" only through its services (*.service.ts)`;
}

/**
 * The module cycles, one per tangle (a strongly connected group of modules), each shown as
 * one loop 'a → b → a' with the file that makes each step.
 */
export function findModuleCycles(graph, root) {
  const cycles = [];
  for (const group of findTangles(graph)) {
    const loop = findLoop(graph, group);
    const steps = loop
      .slice(0, -1)
      .map(
        (from, i) => `${from} → ${loop[i + 1]} (${path.relative(root, graph.get(from).get(loop[i + 1]))})`,
      );
    const members = [...group].sort().join(', ');
    cycles.push(
      `module cycle among ${members}, such as ${loop.join(' → ')}:\n      ${steps.join('\n      ')}`,
    );
  }
  return cycles;
}

/** Tarjan's strongly connected components with more than one module. */
function findTangles(graph) {
  const index = new Map();
  const lowLink = new Map();
  const stack = [];
  const onStack = new Set();
  const tangles = [];
  const connect = (module) => {
    index.set(module, index.size);
    lowLink.set(module, index.get(module));
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        lowLink.set(module, Math.min(lowLink.get(module), lowLink.get(next)));
      } else if (onStack.has(next)) {
        lowLink.set(module, Math.min(lowLink.get(module), index.get(next)));
      }
    }
    if (lowLink.get(module) !== index.get(module)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1) tangles.push(new Set(group));
  };
  for (const module of graph.keys()) if (!index.has(module)) connect(module);
  return tangles;
}

/** The shortest way from a module of the group back to itself, inside the group. */
function findLoop(graph, group) {
  const [start] = [...group].sort();
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const module = queue.shift();
    for (const next of graph.get(module)?.keys() ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at = module; at !== start; at = cameFrom.get(at)) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, module);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
