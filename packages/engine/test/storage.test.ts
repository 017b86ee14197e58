import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { CreateBucketCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, type S3Settings } from "@vgen/config";
import { createStorageBackend } from "../src/storage/backend";
import { createLocalStorage } from "../src/storage/local";
import { createS3Storage } from "../src/storage/s3";
import { tinyMp4 } from "./helpers/tiny-mp4";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "storage-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("local storage", () => {
  it("moves a finished work file into the output directory and serves ranges", async () => {
    const out = path.join(dir, "outputs");
    const store = createLocalStorage(out);
    const work = await store.workDir();
    expect(path.dirname(work)).toBe(out);
    const src = path.join(work, "vid_abc.mp4.part");
    const bytes = await tinyMp4(1);
    await writeFile(src, bytes);
    await store.put("vid_abc.mp4", src, 86_400);
    await expect(stat(src)).rejects.toThrow();
    expect(await readFile(path.join(out, "vid_abc.mp4"))).toEqual(bytes);
    const obj = (await store.open("vid_abc.mp4"))!;
    expect(obj.size).toBe(bytes.length);
    expect(obj.contentType).toBe("video/mp4");
    expect(await readAll(obj.stream({ start: 4, end: 7 }))).toEqual(Buffer.from("ftyp"));
    expect(await store.open("vid_missing.mp4")).toBeNull();
    expect(await store.open("../etc/passwd")).toBeNull();
    await expect(store.put("../escape.mp4", src, 86_400)).rejects.toThrow();
  });

  it("is the default driver", async () => {
    const store = await createStorageBackend(parseEnv({ OUTPUT_DIR: dir }));
    expect(store.driver).toBe("local");
  });
});

describe("s3 storage against s3rver", () => {
  let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let cfg: S3Settings;

  beforeAll(async () => {
    server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(dir, "s3rver") });
    const { port } = await server.run();
    cfg = {
      bucket: "vgen-outputs",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    };
    const store = createS3Storage(cfg);
    await store.client.send(new CreateBucketCommand({ Bucket: cfg.bucket }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("uploads an MP4 with content-type video/mp4 and the right size", async () => {
    const store = await createStorageBackend(
      parseEnv({
        STORAGE_DRIVER: "s3",
        S3_BUCKET: cfg.bucket,
        S3_ENDPOINT: cfg.endpoint!,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "1",
      }),
    );
    expect(store.driver).toBe("s3");
    const bytes = await tinyMp4(1);
    const src = path.join(await store.workDir(), `vid_s3-${Date.now()}.part`);
    await writeFile(src, bytes);
    await store.put("vid_s3one.mp4", src, 14 * 86_400);

    const head = await createS3Storage(cfg).client.send(new HeadObjectCommand({ Bucket: cfg.bucket, Key: "vid_s3one.mp4" }));
    expect(head.ContentType).toBe("video/mp4");
    expect(head.ContentLength).toBe(bytes.length);
    // Cached no longer than it is kept: a CDN in front of the bucket never serves a deleted output for a year.
    expect(head.CacheControl).toBe("public, max-age=1209600, immutable");

    const obj = (await store.open("vid_s3one.mp4"))!;
    expect(obj.size).toBe(bytes.length);
    expect(await readAll(obj.stream())).toEqual(bytes);
    expect(await readAll(obj.stream({ start: 4, end: 7 }))).toEqual(Buffer.from("ftyp"));
    expect(await store.open("vid_nothere.mp4")).toBeNull();
    await rm(src, { force: true });
  });

  it("uploads a poster beside the MP4 with content-type image/jpeg and the same cache headers", async () => {
    const store = createS3Storage(cfg);
    const jpeg = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#3366aa" } })
      .jpeg()
      .toBuffer();
    const src = path.join(dir, "poster.jpg.part");
    await writeFile(src, jpeg);
    await store.put("vid_s3one.jpg", src, 14 * 86_400);

    const head = await store.client.send(new HeadObjectCommand({ Bucket: cfg.bucket, Key: "vid_s3one.jpg" }));
    expect(head.ContentType).toBe("image/jpeg");
    expect(head.ContentLength).toBe(jpeg.length);
    expect(head.CacheControl).toBe("public, max-age=1209600, immutable");
    const obj = (await store.open("vid_s3one.jpg"))!;
    expect(obj.contentType).toBe("image/jpeg");
    expect(await readAll(obj.stream())).toEqual(jpeg);
  });

  it("uses a multipart upload for large files", async () => {
    const store = createS3Storage(cfg);
    const big = randomBytes(9 * 1024 * 1024 + 123);
    const src = path.join(dir, "big.part");
    await writeFile(src, big);
    await store.put("vid_big.mp4", src, 86_400);
    const head = await store.client.send(new HeadObjectCommand({ Bucket: cfg.bucket, Key: "vid_big.mp4" }));
    expect(head.ContentType).toBe("video/mp4");
    expect(head.ContentLength).toBe(big.length);
    expect(await readAll((await store.open("vid_big.mp4"))!.stream({ start: big.length - 10, end: big.length - 1 }))).toEqual(
      big.subarray(big.length - 10),
    );
  });
});
