-- A reorder changes which route's refusal acceptance reports first: drop the web processes' route
-- cache on a change of position too (breaker bookkeeping still does not).
DROP TRIGGER model_routes_cache_update ON model_routes;
CREATE TRIGGER model_routes_cache_update AFTER UPDATE ON model_routes FOR EACH ROW
  WHEN (OLD.provider IS DISTINCT FROM NEW.provider OR OLD.upstream_model IS DISTINCT FROM NEW.upstream_model
        OR OLD.credentials IS DISTINCT FROM NEW.credentials OR OLD.enabled IS DISTINCT FROM NEW.enabled
        OR OLD.model_id IS DISTINCT FROM NEW.model_id OR OLD.position IS DISTINCT FROM NEW.position)
  EXECUTE FUNCTION vgen_cache_notify('model_id');
