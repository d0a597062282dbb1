import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RouteDefinition } from '@stagepass/contract/routes';

/**
 * Every route the contract declares, read from every file of contract/src (a new area's file
 * is walked without being named here), each with the file it is declared in ('payouts' for
 * contract/src/payouts.ts). For tests that walk the routes by their declaration.
 */
export type DeclaredRoute = { area: string; name: string; route: RouteDefinition };

const CONTRACT_SOURCE = fileURLToPath(new URL('../../../contract/src/', import.meta.url));

function isRouteDefinition(value: unknown): value is RouteDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const { method, path, tags } = value as Partial<RouteDefinition>;
  return typeof method === 'string' && typeof path === 'string' && Array.isArray(tags);
}

export async function listDeclaredRoutes(): Promise<DeclaredRoute[]> {
  const files = readdirSync(CONTRACT_SOURCE).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'),
  );
  const routes: DeclaredRoute[] = [];
  const seen = new Set<RouteDefinition>();
  for (const file of files.sort()) {
    const area = file.replace(/\.ts$/, '');
    const exported: Record<string, unknown> = await import(`@stagepass/contract/${area}`);
    for (const group of Object.values(exported)) {
      if (typeof group !== 'object' || group === null || isRouteDefinition(group)) continue;
      for (const [name, route] of Object.entries(group)) {
        if (!isRouteDefinition(route) || seen.has(route)) continue;
        seen.add(route);
        routes.push({ area, name, route });
      }
    }
  }
  return routes;
}

/** 'POST /api/payouts': how the tests name a route. */
export const routeKeyOf = (route: Pick<RouteDefinition, 'method' | 'path'>) =>
  `${route.method} ${route.path}`;
