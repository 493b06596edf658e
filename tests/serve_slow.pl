# serve_slow.pl: slow clients of `podium serve`, for tests/t_serve_limits.sh
# (perl-base only: Socket). 127.0.0.1 only, bounded in count and time.
#   trickle PORT N SECONDS FILE: N connections from 127.0.0.1, each sending
#     a request line, then one header byte a second, never ending its
#     headers; writes "made: K" to FILE once they are made, then, after
#     SECONDS, "open after SECONDS s: K", K being those not closed.
use strict;
use warnings;
use Socket;
use Errno qw(EAGAIN EWOULDBLOCK);
use Time::HiRes qw(sleep time);

my ($mode, $port, $n, $secs, $file) = @ARGV;
die "usage: serve_slow.pl trickle PORT N SECONDS FILE\n"
    unless defined $file && $mode eq "trickle" && $n <= 64 && $secs <= 30;
my $dest = sockaddr_in($port, inet_aton("127.0.0.1"));
$SIG{PIPE} = "IGNORE";

sub open_one {
	my $s;
	socket($s, PF_INET, SOCK_STREAM, 0) or die "socket: $!";
	connect($s, $dest) or return undef;
	my $req = "GET / HTTP/1.1\r\nHost: 127.0.0.1:$port\r\nX-Slow: ";
	syswrite($s, $req);
	return $s;
}

# still open: nothing to read yet (EAGAIN), as opposed to an end of file
sub still_open {
	my ($s) = @_;
	my $buf = "";
	my $r = recv($s, $buf, 1, MSG_PEEK | MSG_DONTWAIT);
	return !defined($r) && ($! == EAGAIN || $! == EWOULDBLOCK);
}

my $t0 = time;
my @socks = grep { defined } map { open_one() } 1 .. $n;
open(my $f, ">", "$file.tmp") or die "$file: $!";
print $f "made: " . scalar(@socks) . "\n";
close($f);
rename("$file.tmp", $file) or die "$file: $!";
while (time - $t0 < $secs) {
	sleep(1);
	syswrite($_, "a") for grep { still_open($_) } @socks;
}
open($f, ">>", $file) or die "$file: $!";
print $f "open after $secs s: " . scalar(grep { still_open($_) } @socks) . "\n";
close($f);
