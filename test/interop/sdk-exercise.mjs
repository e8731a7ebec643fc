// What both SDK clients do: connect, list the tools, call each reading tool, read svc://site. Prints one
// JSON line with what it saw; exits non-zero on the first thing that is wrong.
export async function exercise(client, transport) {
  const seen = {};
  const fail = (why) => { console.log(JSON.stringify({ ok: false, why, seen })); process.exit(1); };
  try {
    await client.connect(transport);
    seen.server = client.getServerVersion();
    seen.protocol = transport.protocolVersion ?? null;
    const { tools } = await client.listTools();
    seen.tools = tools.map((tool) => tool.name);
    for (const name of ['site_info', 'content_list', 'content_read', 'content_cards']) {
      if (!seen.tools.includes(name)) fail(`tools/list lacks ${name}`);
    }
    const call = async (name, args) => {
      const result = await client.callTool({ name, arguments: args });
      if (result.isError) fail(`${name} answered an error: ${result.content?.[0]?.text}`);
      if (!result.structuredContent) fail(`${name} has no structuredContent`);
      if (JSON.stringify(JSON.parse(result.content[0].text)) !== JSON.stringify(result.structuredContent)) fail(`${name}: text and structuredContent differ`);
      return result.structuredContent;
    };
    const info = await call('site_info', {});
    seen.site = info.title;
    const list = await call('content_list', { limit: 5 });
    seen.listed = list.count;
    if (!list.entries[0]) fail('content_list returned no entries');
    const read = await call('content_read', { id: list.entries[0].id });
    seen.read = read.id;
    const cards = await call('content_cards', {});
    seen.cards = cards.cards.length;
    const resource = await client.readResource({ uri: 'svc://site' });
    seen.resource = resource.contents[0].mimeType;
    await client.ping();
    await client.close();
  } catch (error) {
    fail(String(error?.stack ?? error));
  }
  console.log(JSON.stringify({ ok: true, seen }));
}
