// `svc help`: every command, with the options every command takes. `command` is how this installation's
// CLI is run (`svc`, or `node <path>/dist/cli.js` when no `svc` on PATH is this one).

export function usageText(command: string): string {
  return `Usage: ${command} <command> [options]

Commands:
  init                          create a new empty site in --root (content/site.yaml, folders, data/)
      [--title TEXT] [--language CODE] [--timezone ZONE] [--url PUBLIC-URL]
  user add --email E --name N --role R [--password-stdin]
                                add a team member (a password is generated and shown once
                                unless one is piped in with --password-stdin)
  user list                     list team members
  user role <id|email> <role>   change a role (tokens follow at once)
  user password <id|email> [--password-stdin]
                                set a new password (generated and shown once by default)
  user 2fa <id|email> [--off]   turn on two-factor sign-in (prints the otpauth address and recovery codes), or off
  user remove <id|email>        remove a team member; their tokens and sessions end
  token create --user <id|email> --name N [--scope S ...] [--expires 30d|90d|1y|none]
                                create a token (all scopes of the role by default); shown once
  token list [--user <id|email>]
  token revoke <token id>       the id as listed (the first 12 or more characters will do)
  check                         list what would surprise the site's owner, one line per problem
                                (exit code 0 when there is none, 1 otherwise)
  reindex [--id ID]             compare every entry folder (or one) with the index now and record what
                                changed in the change feed (after an rsync, a git pull, an SFTP upload)
  serve                         run the website, panel, Content API and MCP over HTTP
  mcp --token=<token>           run the MCP server over stdin/stdout (or set SVC_TOKEN)
  mcp server-json               print a server.json for the official MCP registry, with the site's
                                remote (--base-url, else url in content/site.yaml) + /svc/mcp
  demo                          create a demo admin and token on first start, then serve
  stats seed [--days N] [--pageviews-per-day N] [--extra-pages N] [--raw-days N] [--seed N] [--force]
                                fill the statistics with generated traffic (400 days by default)
  stats rollup                  write the rollups of finished days and months now; apply retention
  help                          this text

Options for every command (or the environment variables in brackets):
  --root DIR [SVC_ROOT]   --data DIR [SVC_DATA]   --host H [SVC_HOST]   --port N [SVC_PORT]
  --base-url URL [SVC_BASE_URL]   --trust-proxy [SVC_TRUST_PROXY]
  --keep-alive-timeout SECONDS [SVC_KEEP_ALIVE_TIMEOUT]   --max-connections N [SVC_MAX_CONNECTIONS]

Exit codes: 0 done, 1 it could not be done (the sentence on stderr says why), 2 a command line or setting
it cannot understand.
`;
}
