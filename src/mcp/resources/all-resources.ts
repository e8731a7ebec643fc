// Every MCP resource, one line each. Add yours here.
import type { Resource } from '../resource.js';
import { siteGuideResource } from './site-guide.js';
import { statsTodayResource } from './stats-today.js';

export const ALL_RESOURCES: readonly Resource[] = [
  siteGuideResource,
  statsTodayResource,
];
