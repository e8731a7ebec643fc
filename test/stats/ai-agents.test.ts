// The AI crawlers and assistants live in one data file (src/stats/ai-agents.json) with their sources: it is
// read and checked once, a crawler is told by its user agent, an assistant by the source a visit came with,
// and sources fall into channels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { AI_CRAWLERS, AI_ASSISTANTS, readAgents } from '../../dist/stats/ai-agents.js';
import { matchAiCrawler } from '../../dist/stats/ai-crawlers.js';
import { assistantOfSource } from '../../dist/stats/ai-assistants.js';
import { channelOf, channelPairs } from '../../dist/stats/traffic-channels.js';

const FILE = JSON.parse(readFileSync(new URL('../../src/stats/ai-agents.json', import.meta.url), 'utf8'));

test('the data file names its sources and every crawler and assistant in it is read', () => {
  assert.ok(FILE.sources.length >= 5 && FILE.sources.every((source: string) => /https:\/\//.test(source)));
  assert.equal(AI_CRAWLERS.length, FILE.crawlers.length);
  assert.equal(AI_ASSISTANTS.length, FILE.assistants.length);
  assert.deepEqual(new Set(AI_CRAWLERS.map((c) => c.purpose)), new Set(['training', 'search', 'user']));
  // A token that contains another comes before it, or the shorter would always win.
  const tokens = AI_CRAWLERS.map((c) => c.name.toLowerCase());
  tokens.forEach((token, i) => tokens.slice(i + 1).forEach((later) => assert.ok(!later.includes(token) || later === token, `${later} must come before ${token}`)));
});

test('a crawler is told by its user agent, with its operator and purpose, whatever the case', () => {
  const cases: [string, string, string, string][] = [
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', 'ChatGPT-User', 'OpenAI', 'user'],
    ['Mozilla/5.0 (compatible; Claude-SearchBot/1.0)', 'Claude-SearchBot', 'Anthropic', 'search'],
    ['Mozilla/5.0 (compatible; claudebot/1.0)', 'ClaudeBot', 'Anthropic', 'training'],
    ['Mozilla/5.0 (compatible; Perplexity-User/1.0)', 'Perplexity-User', 'Perplexity', 'user'],
    ['Mozilla/5.0 (Macintosh) Applebot-Extended/0.1', 'Applebot-Extended', 'Apple', 'training'],
  ];
  for (const [ua, name, operator, purpose] of cases) assert.deepEqual(matchAiCrawler(ua), { name, operator, purpose }, ua);
  assert.equal(matchAiCrawler('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'), null);
  assert.equal(matchAiCrawler(''), null);
});

test('a damaged data file is refused with the line it is about', () => {
  assert.throws(() => readAgents(null), /needs a list of crawlers and a list of assistants/);
  assert.throws(() => readAgents({ crawlers: [{ token: 'X', operator: 'Y', kind: 'fun' }], assistants: [] }), /crawler 1 needs token, operator and kind/);
  assert.throws(() => readAgents({ crawlers: [], assistants: [{ name: 'A', operator: 'B', referrers: 'a.com', tags: [] }] }), /assistant 1 needs name, operator, referrers and tags/);
  assert.deepEqual(readAgents({ crawlers: [{ token: 'NewBot', operator: 'New', kind: 'search' }], assistants: [] }).crawlers, [{ name: 'NewBot', operator: 'New', purpose: 'search' }]);
});

test('an assistant is told by its referrer host (or a subdomain) or the tag its links carry, never a lookalike', () => {
  for (const [source, name] of [['chatgpt.com', 'ChatGPT'], ['chat.openai.com', 'ChatGPT'], ['claude.ai', 'Claude'], ['perplexity.ai', 'Perplexity'], ['perplexity', 'Perplexity'], ['gemini.google.com', 'Gemini'], ['copilot.microsoft.com', 'Copilot'], ['labs.perplexity.ai', 'Perplexity']]) {
    assert.equal(assistantOfSource(source)?.name, name, source);
  }
  for (const source of ['notchatgpt.com', 'chatgpt.com.evil.example', 'google.com', '(direct)', 'claude', 'xclaude.ai', '__proto__']) {
    assert.equal(assistantOfSource(source)?.name ?? null, source === 'claude' ? 'Claude' : null, source);
  }
});

test('sources fall into channels, AI assistants one of their own', () => {
  const cases: [string, string][] = [
    ['(direct)', 'Direct'], ['chatgpt.com', 'AI assistants'], ['perplexity', 'AI assistants'], ['google.com', 'Search'], ['google.co.uk', 'Search'],
    ['duckduckgo.com', 'Search'], ['t.co', 'Social'], ['news.ycombinator.com', 'Social'], ['example.org', 'Referral'], ['newsletter', 'Tagged links'], ['(other)', 'Referral'],
  ];
  for (const [source, channel] of cases) assert.equal(channelOf(source), channel, source);
  assert.deepEqual(channelPairs({ 'chatgpt.com': [2, 3], 'claude.ai': [1, 1], 'google.com': [4, 4], '(direct)': [1, 2] }), { 'AI assistants': [3, 4], Search: [4, 4], Direct: [1, 2] });
});
