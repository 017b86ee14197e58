import { writeFile } from "node:fs/promises";
import { GENERATED_FILE, renderOpenApiTypes } from "./openapi-types";

await writeFile(GENERATED_FILE, await renderOpenApiTypes());
console.log(`wrote ${GENERATED_FILE.pathname}`);
