// The export names of every bundled module, worked out at build time as ES modules do at link time
// (GetExportedNames / ResolveExport): `export *` is expanded into plain names, a name two stars give from
// different bindings is left out (ambiguous), and an import of a name no module gives stops the build.
import { BundleError } from './bundle-error.js';
import type { ScannedModule } from './scan-module.js';

/** Where an export name finally reads from: a module's own binding, a namespace, or a package's export. */
type Resolution = string;
const AMBIGUOUS = Symbol('ambiguous');

/** For one module: each name of its namespace, with the source (index) a `export *` name is read through. */
export interface NamespaceName {
  name: string;
  /** Set for names that come from `export *`: the star source to read the name from. */
  viaStar?: number;
}

export class ModuleExports {
  constructor(private readonly modules: ReadonlyMap<string, ScannedModule>, private readonly shownAs: (file: string) => string) {}

  /** The names of `file`'s namespace, sorted as ES module namespaces sort them. */
  namespaceOf(file: string): NamespaceName[] {
    const module = this.module(file);
    const names: NamespaceName[] = [];
    for (const name of this.exportedNames(file, new Set())) {
      if (module.exports.has(name)) {
        names.push({ name });
        continue;
      }
      const resolution = this.resolve(file, name, new Set());
      if (resolution === null || resolution === AMBIGUOUS) continue;
      const viaStar = module.stars.find((source) => {
        const found = this.resolve(this.starFile(module, source), name, new Set());
        return found !== null && found !== AMBIGUOUS;
      });
      names.push({ name, viaStar: viaStar! });
    }
    return names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Stops the build when a module imports (or re-exports) a name its source does not give, or gives twice. */
  checkImports(file: string): void {
    const module = this.module(file);
    for (const { source, name, where } of module.importedNames) {
      const target = module.sources[source]!.target;
      if (target.kind !== 'file') continue;
      const resolution = this.resolve(target.file, name, new Set());
      if (resolution === null) throw new BundleError(`${where}: ${this.shownAs(target.file)} does not provide an export named ${name}`);
      if (resolution === AMBIGUOUS) throw new BundleError(`${where}: ${this.shownAs(target.file)} gives ${name} from two export * sources (ambiguous)`);
    }
  }

  private exportedNames(file: string, visited: Set<string>): string[] {
    if (visited.has(file)) return [];
    visited.add(file);
    const module = this.module(file);
    const names = [...module.exports.keys()];
    const seen = new Set(names);
    for (const source of module.stars) {
      for (const name of this.exportedNames(this.starFile(module, source), visited)) {
        if (name !== 'default' && !seen.has(name)) {
          seen.add(name);
          names.push(name);
        }
      }
    }
    return names;
  }

  private resolve(file: string, name: string, visited: Set<string>): Resolution | null | typeof AMBIGUOUS {
    const key = `${file}\0${name}`;
    if (visited.has(key)) return null;
    visited.add(key);
    const module = this.module(file);
    const binding = module.exports.get(name);
    if (binding?.kind === 'local') return `${file}\0local\0${binding.local}`;
    if (binding) {
      const target = module.sources[binding.source]!.target;
      if (target.kind === 'external') return `external\0${target.specifier}\0${binding.kind === 'import' ? binding.name : '*'}`;
      return binding.kind === 'namespace' ? `${target.file}\0namespace` : this.resolve(target.file, binding.name, visited);
    }
    if (name === 'default') return null;
    let found: Resolution | null = null;
    for (const source of module.stars) {
      const resolution = this.resolve(this.starFile(module, source), name, visited);
      if (resolution === AMBIGUOUS) return AMBIGUOUS;
      if (resolution === null) continue;
      if (found !== null && found !== resolution) return AMBIGUOUS;
      found = resolution;
    }
    return found;
  }

  private starFile(module: ScannedModule, source: number): string {
    const target = module.sources[source]!.target;
    if (target.kind !== 'file') throw new Error('export * of a package reached export resolution');
    return target.file;
  }

  private module(file: string): ScannedModule {
    const module = this.modules.get(file);
    if (!module) throw new Error(`${file} was not scanned`);
    return module;
  }
}
