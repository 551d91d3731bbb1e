"""Checks Kubernetes manifests without a cluster: what kubectl would refuse, and what would apply but not work.

Each document needs apiVersion, kind and metadata.name; a Deployment's selector must match its pod labels, its
probes must name a declared container port, its config maps must be in the files; a Service's selector must
match a Deployment's pods and its target ports must be declared there. Exits 1 and names each problem.
"""
import sys

import yaml

KNOWN = {("v1", "ConfigMap"), ("v1", "Service"), ("apps/v1", "Deployment")}


def main(paths):
    documents = []
    for path in paths:
        with open(path, encoding="utf-8") as file:
            documents += [(path, d) for d in yaml.safe_load_all(file) if d]
    problems = []
    config_maps = {d["metadata"]["name"] for _, d in documents if d.get("kind") == "ConfigMap"}
    pods = []  # (labels, port names) of each Deployment's pods
    for path, d in documents:
        where = f"{path}: {d.get('kind')} {d.get('metadata', {}).get('name')}"
        if (d.get("apiVersion"), d.get("kind")) not in KNOWN:
            problems.append(f"{where}: unexpected apiVersion/kind {d.get('apiVersion')}/{d.get('kind')}")
            continue
        if not d.get("metadata", {}).get("name"):
            problems.append(f"{where}: metadata.name is missing")
        if d["kind"] == "Deployment":
            spec = d["spec"]
            labels = spec["template"]["metadata"]["labels"]
            if any(labels.get(k) != v for k, v in spec["selector"]["matchLabels"].items()):
                problems.append(f"{where}: selector does not match the pod template's labels")
            pod = spec["template"]["spec"]
            ports = {p.get("name") for c in pod["containers"] for p in c.get("ports", [])}
            for container in pod["containers"]:
                for probe in ("livenessProbe", "readinessProbe"):
                    port = container.get(probe, {}).get("httpGet", {}).get("port")
                    if port is None:
                        problems.append(f"{where}: container {container['name']} has no HTTP {probe}")
                    elif isinstance(port, str) and port not in ports:
                        problems.append(f"{where}: {probe} names port {port}, which is not declared")
            for volume in pod.get("volumes", []):
                name = volume.get("configMap", {}).get("name")
                if name and name not in config_maps:
                    problems.append(f"{where}: volume uses ConfigMap {name}, which is not in the manifests")
            pods.append((labels, ports))
    for path, d in documents:
        if d.get("kind") != "Service":
            continue
        where = f"{path}: Service {d['metadata']['name']}"
        selector = d["spec"]["selector"]
        matching = [ports for labels, ports in pods if all(labels.get(k) == v for k, v in selector.items())]
        if not matching:
            problems.append(f"{where}: its selector matches no Deployment's pods")
        for port in d["spec"]["ports"]:
            target = port.get("targetPort")
            if isinstance(target, str) and not any(target in ports for ports in matching):
                problems.append(f"{where}: targetPort {target} is not a declared container port")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"kubernetes manifests: ok ({len(documents)} objects)")


if __name__ == "__main__":
    main(sys.argv[1:])
