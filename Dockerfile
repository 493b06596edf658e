# podium in a container: a small runtime image whose entry point is podium.
#   docker build -t podium .
#   docker run --rm -v "$PWD:/report" podium build
# The first stage builds the program and its Debian package (make deb); the
# second installs only that package and what it depends on
# (tools/runtime-packages), on debian:12-slim.
FROM debian:12-slim AS build
COPY tools/build-packages /tmp/build-packages
RUN apt-get update \
 && apt-get install -y --no-install-recommends $(cat /tmp/build-packages) \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN make clean && make -j"$(nproc)" && make deb

FROM debian:12-slim
COPY --from=build /src/build/podium_*.deb /tmp/
RUN apt-get update \
 && apt-get install -y --no-install-recommends /tmp/podium_*.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/podium_*.deb \
 && useradd --create-home --uid 1000 podium
USER podium
WORKDIR /report
ENTRYPOINT ["podium"]
CMD ["--help"]
