import pg from "pg";

/**
 * A query asked of a PostgreSQL connection that is already busy with one (queries run beside
 * each other in a transaction, or on the LISTEN connection) fails the test: pg queues it today
 * with a deprecation warning, and pg@9 refuses it. A pool's queries are each on a connection of
 * their own; a transaction's are on one, so they go one after another.
 */
const patched = Symbol.for("refrain.oneQueryAtATime");
const prototype = pg.Client.prototype as unknown as Record<symbol, boolean> & {
  query: (...args: unknown[]) => unknown;
};
if (!prototype[patched]) {
  prototype[patched] = true;
  const query = prototype.query;
  prototype.query = function (this: { _queryQueue: unknown[]; pipeline?: boolean }, ...args) {
    if (this._queryQueue.length > 0 && !this.pipeline)
      throw new Error(
        "A query was asked of a PostgreSQL connection already running one (pg@9 refuses it): in a transaction, await each query before the next",
      );
    return query.apply(this, args);
  };
}
