import { createReadStream } from "node:fs";
import { copyFile, mkdir, rename, stat, unlink } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { contentTypeFor, type StorageBackend, type StoredObject } from "./types";

/**
 * Outputs in a local directory (the embedded default), served at {cdn_url} by the app's /cdn route.
 * Work files are written under `<dir>/.work` so `put` is an atomic rename on the same filesystem.
 */
export function createLocalStorage(dir: string): StorageBackend {
  const root = path.resolve(dir);
  const work = path.join(root, ".work");
  return {
    driver: "local",
    async workDir() {
      await mkdir(work, { recursive: true });
      return work;
    },
    async put(key, filePath) {
      await mkdir(root, { recursive: true });
      const dest = path.join(root, key);
      if (path.dirname(dest) !== root) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
      try {
        await rename(filePath, dest);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
        // Another filesystem: copy next to the destination, then rename, so readers never see half a file.
        const tmp = path.join(root, `.${key}.${randomBytes(6).toString("hex")}.tmp`);
        try {
          await copyFile(filePath, tmp);
          await rename(tmp, dest);
        } catch (copyErr) {
          await unlink(tmp).catch(() => {});
          throw copyErr;
        }
        await unlink(filePath).catch(() => {});
      }
    },
    async remove(key) {
      const file = path.join(root, key);
      if (path.dirname(file) !== root) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
      await unlink(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    },
    async open(key): Promise<StoredObject | null> {
      const file = path.join(root, key);
      if (path.dirname(file) !== root) return null;
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        size: info.size,
        contentType: contentTypeFor(key),
        mtime: info.mtime,
        stream: (range?: { start: number; end: number }) => createReadStream(file, range),
      };
    },
  };
}
