# The app image: one Node process serving the built client, the REST API and Socket.IO.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data SKIP_CLIENT_BUILD=1
WORKDIR /app
# ffmpeg makes call recordings into MP4; janus-pp-rec (janus-tools) reads the .mjr files Janus
# writes when it records an SFU call on the server (docs/calls.md, "Recording").
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg janus-tools && rm -rf /var/lib/apt/lists/*
COPY --from=build /app /app
RUN npm prune --omit=dev --no-audit --no-fund || true
RUN mkdir -p /data /recordings && chown node:node /data /recordings
VOLUME ["/data"]
EXPOSE 3000
USER node
CMD ["node", "--import", "tsx", "server/index.ts"]
