-- The API hot path: cache invalidation notices, and a guard for single-statement acceptance.

-- Web processes keep API keys, account status, subscriptions and the catalog in memory. These
-- triggers announce every change the API must honour at once (whoever makes it: dashboard,
-- console, ops CLI, SQL) on the channel `vgen_cache` as '<table>:<account or model id>'.
CREATE FUNCTION vgen_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_json jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN row_json := to_jsonb(OLD); ELSE row_json := to_jsonb(NEW); END IF;
  PERFORM pg_notify('vgen_cache', TG_TABLE_NAME || ':' || coalesce(row_json ->> TG_ARGV[0], ''));
  RETURN NULL;
END
$$;

CREATE TRIGGER accounts_cache_update AFTER UPDATE ON accounts FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION vgen_cache_notify('id');
CREATE TRIGGER accounts_cache_delete AFTER DELETE ON accounts FOR EACH ROW
  EXECUTE FUNCTION vgen_cache_notify('id');

CREATE TRIGGER api_keys_cache_update AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.hash IS DISTINCT FROM NEW.hash OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION vgen_cache_notify('account_id');
CREATE TRIGGER api_keys_cache_delete AFTER DELETE ON api_keys FOR EACH ROW
  EXECUTE FUNCTION vgen_cache_notify('account_id');

CREATE TRIGGER subscriptions_cache AFTER UPDATE OR DELETE ON subscriptions FOR EACH ROW
  EXECUTE FUNCTION vgen_cache_notify('account_id');

CREATE TRIGGER catalog_models_cache AFTER INSERT OR UPDATE OR DELETE ON catalog_models FOR EACH ROW
  EXECUTE FUNCTION vgen_cache_notify('id');

-- Lets one statement refuse itself: the create path's single statement calls this with whether the
-- balance hold succeeded, so a refused hold aborts the whole statement (job included).
CREATE FUNCTION vgen_require(ok boolean, refusal text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ok THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'vgen_refused:' || refusal;
  END IF;
  RETURN true;
END
$$;
