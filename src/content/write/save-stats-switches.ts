// The statistics switches from the panel (settings.manage): whether the statistics script records clicks on
// links to other sites and downloads of files (site.yaml `track_outbound_links`, `track_file_downloads`, off
// by default), written through site-yaml-edit.ts (comments and order kept, checked, atomic, versioned).
import { editSiteYaml, requireSettingsRight, setIfChanged } from './site-yaml-edit.js';
import type { Actor, WriteContext } from './write-context.js';

export interface StatsSwitches {
  trackOutboundLinks: boolean;
  trackFileDownloads: boolean;
}

/** Saves the switches; `expectedVersion` is the version of site.yaml the form was filled from. */
export function saveStatsSwitches(context: WriteContext, actor: Actor, input: StatsSwitches, expectedVersion: string): string[] {
  requireSettingsRight(actor);
  return editSiteYaml(context, actor, expectedVersion, (draft) => {
    const changed: string[] = [];
    setIfChanged(draft, ['track_outbound_links'], input.trackOutboundLinks, changed);
    setIfChanged(draft, ['track_file_downloads'], input.trackFileDownloads, changed);
    return changed;
  });
}
