import { createReadStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Settings } from "@vgen/config";
import { contentTypeFor, outputCacheControl, type StorageBackend, type StoredObject } from "./types";

function s3ClientFor(cfg: S3Settings): S3Client {
  return new S3Client({
    region: cfg.region,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
    forcePathStyle: cfg.forcePathStyle,
    ...(cfg.accessKeyId && cfg.secretAccessKey
      ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } }
      : {}),
  });
}

function isNotFound(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.$metadata?.httpStatusCode === 404 || err.name === "NotFound" || err.name === "NoSuchKey";
  }
  return false;
}

/**
 * Outputs in an S3-compatible bucket (production). Uploads go through lib-storage's Upload, which
 * switches to a multipart upload for large files. CDN_BASE_URL should point at the bucket or its CDN;
 * `open` still lets the app's /cdn route serve objects (with Range) when it does not.
 */
export function createS3Storage(cfg: S3Settings, client: S3Client = s3ClientFor(cfg)): StorageBackend & { client: S3Client } {
  const work = path.join(os.tmpdir(), "vgen-work");
  return {
    driver: "s3",
    client,
    async workDir() {
      await mkdir(work, { recursive: true });
      return work;
    },
    async put(key, filePath, keepSeconds) {
      const { size } = await stat(filePath);
      const upload = new Upload({
        client,
        params: {
          Bucket: cfg.bucket,
          Key: key,
          Body: createReadStream(filePath),
          ContentType: contentTypeFor(key),
          ContentLength: size,
          CacheControl: outputCacheControl(keepSeconds),
        },
        queueSize: 4,
        partSize: 8 * 1024 * 1024,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success.
      await client.send(new DeleteObjectCommand({ Bucket: cfg.bucket, Key: key }));
    },
    async open(key): Promise<StoredObject | null> {
      let head: HeadObjectCommandOutput;
      try {
        head = await client.send(new HeadObjectCommand({ Bucket: cfg.bucket, Key: key }));
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
      return {
        size: head.ContentLength ?? 0,
        contentType: contentTypeFor(key),
        mtime: head.LastModified ?? new Date(0),
        stream(range?: { start: number; end: number }) {
          // Callers want a stream synchronously; the GET is started and piped in.
          const out = new PassThrough();
          client
            .send(
              new GetObjectCommand({
                Bucket: cfg.bucket,
                Key: key,
                ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
              }),
            )
            .then((res) => {
              const body = res.Body as Readable | undefined;
              if (!body) throw new Error("empty S3 response body");
              body.on("error", (err) => out.destroy(err));
              body.pipe(out);
            })
            .catch((err: Error) => out.destroy(err));
          return out;
        },
      };
    },
  };
}
