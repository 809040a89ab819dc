import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";

import type { S3Settings } from "../../env.server";
import { checkStorageKey, type ByteRange, type Storage, type StoredObject } from "./storage.server";

/** Parts of a multipart upload: the uploader holds at most PART_SIZE × PART_QUEUE bytes of a file in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const PART_QUEUE = 2;

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, R2 …), keys as given. A file goes up as a stream:
 * one PUT when it fits in one part, a multipart upload otherwise, so it never passes through memory whole.
 */
export class S3Storage implements Storage {
  readonly kind = "s3";
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
      // CRC32 trailers on streamed bodies.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, body: Readable, { contentType }: { contentType: string; size?: number }): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: checkStorageKey(key), Body: body, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: PART_QUEUE,
    });
    await upload.done();
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) }));
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? "application/octet-stream",
        etag: head.ETag ?? `"${head.ContentLength}"`,
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<(StoredObject & { body: Readable }) | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: checkStorageKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // A ranged answer names the whole size after the slash: `bytes 0-99/12345`.
      const total = object.ContentRange ? Number(object.ContentRange.split("/")[1]) : object.ContentLength;
      return {
        size: total ?? 0,
        contentType: object.ContentType ?? "application/octet-stream",
        etag: object.ETag ?? `"${total}"`,
        lastModified: object.LastModified ?? new Date(0),
        // In Node the body is the HTTP response itself, a Readable.
        body: object.Body as Readable,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) }));
  }
}

function isNotFound(error: unknown) {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey");
}
