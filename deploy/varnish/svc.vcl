# Varnish in front of svc (README "Beyond one machine"). Debian: apt-get install varnish varnish-modules
# (xkey comes with varnish-modules); start svc with SVC_PURGE=varnish=http://127.0.0.1:6081, and varnishd with
#   varnishd -a :6081 -f /etc/varnish/svc.vcl -s malloc,256m
#
# What it does:
# - keeps every public answer as long as svc says (Cache-Control s-maxage; stale-while-revalidate is grace)
#   and forgets it the moment svc purges one of its cache tags (the xkey header, indexed by vmod xkey);
# - never answers from the cache what is someone's own: anything but GET and HEAD, a request with
#   Authorization or the panel's session cookie, the panel, MCP, OAuth and the statistics endpoints;
# - passes known AI crawlers to svc, so that it counts their visits (the list of src/stats/ai-crawlers.ts);
# - accepts purges only from the machines in the `purgers` ACL: `PURGE /` with `xkey-purge: <tags>` (what
#   svc sends), or `PURGE <address>` for one address.
vcl 4.1;

import directors;
import xkey;

# One svc instance, or several on one shared site folder (each started with the same SVC_PURGE: only one of
# them sends the purges at a time).
backend svc_a { .host = "127.0.0.1"; .port = "8080"; }
# backend svc_b { .host = "127.0.0.1"; .port = "8081"; }

acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_init {
  new instances = directors.round_robin();
  instances.add_backend(svc_a);
  # instances.add_backend(svc_b);
}

sub vcl_recv {
  set req.backend_hint = instances.backend();
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Purges are not accepted from this address."));
    }
    if (req.http.xkey-purge) {
      set req.http.x-purged = xkey.purge(req.http.xkey-purge);
      return (synth(200, "Purged " + req.http.x-purged + " objects."));
    }
    return (purge);
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)svc_session=") {
    return (pass);
  }
  if (req.url ~ "^/svc/(panel|mcp|oauth|collect|consent)" || req.url ~ "^/\.well-known/(oauth|openid)") {
    return (pass);
  }
  if (req.http.User-Agent ~ "(?i)(GPTBot|OAI-SearchBot|ChatGPT-User|ChatGPT-Agent|Claude-SearchBot|Claude-User|ClaudeBot|anthropic-ai|Claude-Web|PerplexityBot|Perplexity-User|CCBot|Bytespider|Amazonbot|Applebot-Extended|Applebot|meta-externalagent|meta-externalfetcher|FacebookBot|GoogleOther|Google-Extended|Google-CloudVertexBot|Gemini-Deep-Research|DeepSeekBot|MistralAI-User|cohere-ai|cohere-training-data-crawler|Diffbot|YouBot|DuckAssistBot|PetalBot|Timpibot|ImagesiftBot|omgili|AI2Bot|Kangaroo Bot|PanguBot|QualifiedBot)") {
    return (pass);
  }
  # The public answers are the same for everyone: other cookies (consent, analytics) do not split them.
  unset req.http.Cookie;
  return (hash);
}

sub vcl_backend_response {
  # Served while a fresh copy is fetched (svc says how long in stale-while-revalidate), and kept a day past
  # its life to answer If-None-Match revalidations and while svc cannot be reached.
  set beresp.keep = 1d;
  if (beresp.status >= 500 && bereq.is_bgfetch) {
    return (abandon);
  }
}

sub vcl_deliver {
  # The tags are for this cache alone.
  unset resp.http.xkey;
  if (obj.hits > 0) {
    set resp.http.x-cache = "hit";
  } else {
    set resp.http.x-cache = "miss";
  }
}
