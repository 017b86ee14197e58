export { connectionBounds, createDb, getDb, type Db, type DbOrTx, type Tx } from "./client";
export { newId, randomBase58 } from "./ids";
export * from "./generated/prisma/client";
export { embeddedUrlFile, locateDatabaseUrl } from "./locate";
