export { NOT_A_CONCATENATION } from "./concatenations";
export { connectionBounds, createDb, getDb, type Db, type DbOrTx, type Tx } from "./client";
export { closeHotStatements, createHotStatements, getHotStatements, type HotStatements } from "./hot-statements";
export { newId, randomBase58 } from "./ids";
export * from "./generated/prisma/client";
export { embeddedUrlFile, locateDatabaseUrl } from "./locate";
