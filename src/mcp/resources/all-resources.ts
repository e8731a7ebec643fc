// Every MCP resource, one line each: its URI and how to load its module (see catalog.ts). Add yours here.
import type { Resource } from '../resource.js';
import { lazy, type Declared } from '../catalog.js';

export const ALL_RESOURCES: readonly Declared<Resource>[] = [
  lazy('svc://site', () => import('./site-guide.js').then((m) => m.siteGuideResource)),
  lazy('svc://stats/today', () => import('./stats-today.js').then((m) => m.statsTodayResource)),
];
