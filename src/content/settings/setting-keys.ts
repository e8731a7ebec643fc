// Names a person gives in site.yaml and the panel's settings (a type, a category, a category's field) and
// assistants give as front matter fields. `constructor` fits every pattern of them, and is also what every
// plain object already holds: looked up in one (a theme's words by type, an entry's fields by key), it gave
// a function, and a type named so made its list page fail and a field named so wrote
// `function Object() { [native code] }` into entries. The other names objects hold are not lowercase.
export function isObjectPropertyName(key: string): boolean {
  return key in Object.prototype;
}

/** The sentence for such a name, in the form the settings' other refusals take. */
export function objectPropertyNameSentence(key: string, what: string): string {
  return `"${key}" cannot name ${what}: it is a name every JavaScript object has already; choose another.`;
}
