-- Push endpoints only on https public hosts (issue 16). The push sender POSTs to every stored endpoint, so
-- an endpoint on a loopback, private or internal host would let any user make the server send requests
-- into its own network (blind request forgery). Browsers' push services (FCM, Mozilla autopush, Apple,
-- Windows) always hand out https URLs on public DNS names, so the table now accepts only those:
--   https://<dns name>[:443]/...  with no userinfo, no IP literal of any form (2130706433, 0x7f.1, [::1]),
--   no percent-encoding in the host, no localhost / *.localhost / *.local / *.internal / *.localdomain /
--   *.home.arpa, printable ASCII only (no backslash, which some URL parsers read as a path separator).
-- The name check is syntactic; a public name that resolves to a private address (DNS rebinding) is refused
-- by the sender at send time (supabase/emulator/src/push/endpoint-policy.ts).
--
-- The one exception is the emulator's test push service on 127.0.0.1: private.push_endpoint_test_hosts
-- lists loopback hosts the emulator allows when a test starts it with `push.testEndpointHosts`; the
-- emulator rewrites the table at every start (empty for `npm start`), and on hosted Supabase it stays
-- empty. Clients cannot reach the private schema.

create or replace function private.is_public_push_endpoint(p_endpoint text) returns boolean
language plpgsql immutable set search_path = ''
as $$
declare
  v_match text[];
  v_host text;
begin
  if p_endpoint is null or char_length(p_endpoint) > 1000 or p_endpoint !~ '^[!-~]+$'
     or position('\' in p_endpoint) > 0 then
    return false;
  end if;
  -- The authority ends at the first '/', '?' or '#'; it must be a host, optionally with port 443.
  v_match := regexp_match(p_endpoint, '^https://([^/?#:]*)(:443)?([/?#].*)?$');
  if v_match is null then
    return false;
  end if;
  v_host := lower(v_match[1]);
  if char_length(v_host) > 253 then
    return false;
  end if;
  -- A DNS name: letter-digit-hyphen labels, at least two, the last a real top-level domain (letters, or
  -- punycode). A numeric or 0x last label is what URL parsers read as an IPv4 address, so it never passes.
  if v_host !~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$' then
    return false;
  end if;
  if v_host ~ '(^|\.)(localhost|local|internal|localdomain|home\.arpa)$' then
    return false;
  end if;
  return true;
end
$$;

revoke execute on function private.is_public_push_endpoint(text) from public, anon, authenticated;
grant execute on function private.is_public_push_endpoint(text) to service_role;

-- Loopback hosts the emulator's test mode allows (any port). Only loopback can ever be listed.
create table if not exists private.push_endpoint_test_hosts (
  host text primary key check (host in ('127.0.0.1', 'localhost'))
);
alter table private.push_endpoint_test_hosts enable row level security;
revoke all on private.push_endpoint_test_hosts from public, anon, authenticated;

-- security definer: the test-host list is not the caller's to read.
create or replace function private.check_push_endpoint() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if private.is_public_push_endpoint(new.endpoint) then
    return new;
  end if;
  if exists (
    select 1 from private.push_endpoint_test_hosts t
    where t.host = (regexp_match(new.endpoint, '^https://([0-9.]+|localhost)(:[0-9]{1,5})?/[!-~]*$'))[1]
  ) then
    return new;
  end if;
  raise exception 'Push endpoint must be an https URL on a public host'
    using errcode = 'SPP01';
end
$$;
revoke execute on function private.check_push_endpoint() from public, anon, authenticated;

drop trigger if exists push_subscriptions_endpoint_policy on public.push_subscriptions;
create trigger push_subscriptions_endpoint_policy
  before insert or update of endpoint on public.push_subscriptions
  for each row execute function private.check_push_endpoint();

-- Rows stored before this rule that break it could never have received a push from a real browser's push
-- service; they are removed (the browser re-registers when the user switches push on again).
delete from public.push_subscriptions where not private.is_public_push_endpoint(endpoint);
