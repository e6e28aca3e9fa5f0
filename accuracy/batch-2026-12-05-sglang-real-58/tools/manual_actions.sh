# What was actually done to the three servers of list4.sh once they were up (after_ready.sh's wait loop, 180 s,
# gave up on this loaded machine before `fired up` appeared, so it printed "never ready" and did nothing;
# the actions below were then sent by hand at 15:52:08, ~30 s after each server's `fired up` line).
# launcher pids from after_ready.sh's output: 17130 (scheduler-sigkill-after-ready), 17128 (request-max-tokens...),
# 17129 (chat-template-raises)
curl -s -m 30 http://127.0.0.1:30632/v1/completions -H 'Content-Type: application/json' \
  -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 4096}'
#  -> {"object":"error","message":"Requested token count exceeds the model's maximum context length of 512 tokens. ...","code":400}
curl -s -m 30 http://127.0.0.1:30633/v1/chat/completions -H 'Content-Type: application/json' \
  -d '{"model": "x", "messages": [{"role": "system", "content": "You are terse."}, {"role": "user", "content": "hello"}], "max_tokens": 8}'
#  -> {"object":"error","message":"System role not supported","type":"BadRequest","param":null,"code":400}
L=17130; S=$(ps -eo pid=,ppid=,args= | awk -v p="$L" '$2==p && /sglang::scheduler/ {print $1}'); kill -KILL $S
# The runner's own timeout (240 s) then sent SIGTERM to the process groups of 30632 / 30633 / 30634 at 15:52:15;
# a SIGTERM to launchers 17128 / 17129 at 15:52:17 came after that and changed nothing.
