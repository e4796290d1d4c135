# Sales Coach: one static binary with the built web app inside it.
# No "# syntax=" line: BuildKit would fetch that frontend image from Docker
# Hub on every build; its built-in frontend reads everything used here.
#   docker build -t salescoach .
#   docker run -p 8080:8080 -v salescoach-data:/data salescoach
# With Podman: podman build --format docker (the OCI format drops HEALTHCHECK).
# deploy/test-image.sh builds and checks it where no base image can be pulled.
# docs/operations.md describes the compose deployment (PostgreSQL, two app
# replicas, Caddy with automatic HTTPS).

# 1. The React app (web/dist), which the Go build embeds.
FROM node:22-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

# 2. The server. SQLite is pure Go (modernc.org/sqlite), so the binary is
# static and needs no C library in the final image.
FROM golang:1.26-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/salescoach ./cmd/salescoach \
    && mkdir -p /out/data

# 3. The image: distroless (CA certificates and time zones, no shell, no
# package manager), running as the unprivileged user 65532.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=server /out/salescoach /usr/local/bin/salescoach
# The data folder belongs to the app's user, so that a new named volume
# mounted here does too (Docker copies the ownership into it).
COPY --from=server --chown=65532:65532 /out/data /data
USER 65532:65532
ENV ADDR=:8080 \
    DATA_DIR=/data \
    LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
# Liveness only: /healthz answers while the process serves. Load balancers
# use /readyz, which also turns 503 while the process drains on SIGTERM.
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
    CMD ["/usr/local/bin/salescoach", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/salescoach"]
CMD ["serve"]
