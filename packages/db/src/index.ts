export { NOT_A_CONCATENATION } from "./concatenations";
export { connectionBounds, createDb, getDb, type Db, type DbOrTx, type Tx } from "./client";
export { closeHotReads, createHotReads, getHotReads, type HotReads } from "./hot-reads";
export { newId, randomBase58 } from "./ids";
export * from "./generated/prisma/client";
export { embeddedUrlFile, locateDatabaseUrl } from "./locate";
