import { nextRoute } from "@/server/http/next-route";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = nextRoute("/api/v1/videos/concat");
