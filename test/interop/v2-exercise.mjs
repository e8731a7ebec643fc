// What the official v2 client (@modelcontextprotocol/client 2.4.x) does against svc, over HTTP or stdio:
// connect in the given negotiation mode, check the era it reached, then call every tool (the writing ones
// on a draft of its own), read every resource, get every prompt, list templates and complete. The client
// validates each structuredContent against the tool's outputSchema itself. Prints one JSON line; exits
// non-zero on the first thing that is wrong. Runs in the scratch folder where the client is installed.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAghm0UgAAAABJRU5ErkJggg==';

export async function exercise(client, transport, expectedVersion) {
  const seen = {};
  const fail = (why) => { console.log(JSON.stringify({ ok: false, why, seen })); process.exit(1); };
  try {
    await client.connect(transport);
    seen.era = client.getProtocolEra();
    seen.version = client.getNegotiatedProtocolVersion();
    if (seen.version !== expectedVersion) fail(`negotiated ${seen.version}, expected ${expectedVersion}`);
    seen.server = client.getServerVersion()?.name;
    if (seen.server !== 'svc') fail(`the server named itself ${seen.server}`);
    if (!client.getInstructions()?.includes('site_info')) fail('no instructions');
    const { tools } = await client.listTools();
    seen.tools = tools.length;
    for (const tool of tools) if (tool.outputSchema?.type !== 'object') fail(`${tool.name} has no object outputSchema`);
    const call = async (name, args) => {
      const result = await client.callTool({ name, arguments: args });
      if (result.isError) fail(`${name} answered an error: ${result.content?.[0]?.text}`);
      if (!result.structuredContent) fail(`${name} has no structuredContent`);
      if (JSON.stringify(JSON.parse(result.content[0].text)) !== JSON.stringify(result.structuredContent)) fail(`${name}: text and structuredContent differ`);
      (seen.called ??= []).push(name);
      return result.structuredContent;
    };
    const info = await call('site_info', {});
    const list = await call('content_list', { limit: 5 });
    if (!list.entries[0]) fail('content_list returned no entries');
    await call('content_read', { id: list.entries[0].id });
    await call('content_cards', {});
    const draft = await call('content_create', { title: `Interop ${expectedVersion} ${Date.now()}`, body: 'A draft from the v2 client.' });
    await call('content_update', { id: draft.id, body: 'Changed by the v2 client.' });
    await call('content_style', { id: draft.id, css: 'p { color: #333; }' });
    await call('media_upload', { id: draft.id, name: 'dot.png', data: PNG });
    await call('content_preview_link', { id: draft.id, hours: 1 });
    await call('content_publish', { id: draft.id });
    await call('content_unpublish', { id: draft.id });
    await call('stats_overview', { period: '30d' });
    const today = new Date().toISOString().slice(0, 10);
    await call('stats_query', { from: today, to: today, dimension: 'pages', limit: 5 });
    await call('stats_post', { id: list.entries[0].id });
    await call('stats_realtime', {});
    await call('stats_ai_crawlers', {});
    await call('stats_goals', { period: '30d' });
    await call('stats_funnel', { steps: ['/', '/*'], period: '30d' });
    await call('consent_overview', { days: 30 });
    // The search index is built in the background after a start: asked again while it says so.
    for (let tries = 0; ; tries++) {
      const probe = await client.callTool({ name: 'content_search', arguments: { query: 'hello' } });
      if (!probe.isError || tries >= 50 || !/being built|is built/i.test(probe.content?.[0]?.text ?? '')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await call('content_search', { query: 'hello' });
    const missing = tools.map((tool) => tool.name).filter((name) => !seen.called.includes(name));
    if (missing.length > 0) fail(`not called: ${missing.join(', ')}`);
    const { resources } = await client.listResources();
    for (const resource of resources) {
      const read = await client.readResource({ uri: resource.uri });
      if (!read.contents?.[0]?.text) fail(`${resource.uri} read empty`);
    }
    seen.resources = resources.length;
    const { prompts } = await client.listPrompts();
    for (const prompt of prompts) {
      const got = await client.getPrompt({ name: prompt.name, arguments: {} });
      if (!got.messages?.length) fail(`${prompt.name} has no messages`);
    }
    seen.prompts = prompts.length;
    await client.listResourceTemplates();
    await client.complete({ ref: { type: 'ref/prompt', name: prompts[0].name }, argument: { name: 'x', value: '' } });
    seen.site = info.title;
    await client.close();
  } catch (error) {
    fail(String(error?.stack ?? error));
  }
  console.log(JSON.stringify({ ok: true, seen }));
}
