#!/bin/sh
# A test worker that breaks the protocol: a good hello, then one line of garbage per request.
echo "gjkcheck-worker 1 garbage f32 merged distance test"
while read -r line; do
  echo "this is not an answer"
done
