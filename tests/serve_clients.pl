# serve_clients.pl: many clients of `podium serve` from one process, for
# tests/t_serve.sh (perl-base only: Socket).
#   idle PORT N SRC SECONDS FILE: N connections from address SRC that send
#     nothing; writes "open after 1 s: K" to FILE once they are made, then
#     "open after SECONDS s: K", K being those the server has not closed.
#   cycles PORT N SRC: N times, opens the live-reload stream, reads its
#     first piece and closes it (a stream turned away is opened again, up
#     to 50 times); prints "hellos: H", how many streams got a hello.
#     A SRC ending in ".*" takes each connection from the next of the 250
#     addresses SRC.1 to SRC.250, so that no address reaches the server's
#     cap on connections from one address.
use strict;
use warnings;
use Socket;
use Errno qw(EAGAIN EWOULDBLOCK);
use Time::HiRes qw(sleep time);

my ($mode, $port, $n, $src, $secs, $file) = @ARGV;
my $dest = sockaddr_in($port, inet_aton("127.0.0.1"));

my $next = 0;

sub open_from {
	my $s;
	my $from = $src;
	$from =~ s/\*$/($next++ % 250) + 1/e;
	socket($s, PF_INET, SOCK_STREAM, 0) or die "socket: $!";
	bind($s, sockaddr_in(0, inet_aton($from))) or die "bind $from: $!";
	connect($s, $dest) or return undef;
	return $s;
}

# still open: nothing to read yet (EAGAIN), as opposed to an end of file
sub still_open {
	my ($s) = @_;
	my $buf = "";
	my $r = recv($s, $buf, 1, MSG_PEEK | MSG_DONTWAIT);
	return !defined($r) && ($! == EAGAIN || $! == EWOULDBLOCK);
}

sub count_open { return scalar grep { still_open($_) } @_; }

sub write_line {
	my ($line) = @_;
	open(my $f, ">>", "$file.tmp") or die "$file: $!";
	print $f "$line\n";
	close($f);
}

if ($mode eq "idle") {
	my $t0 = time;
	my @socks = grep { defined } map { open_from() } 1 .. $n;
	sleep(1);
	write_line("made: " . scalar(@socks));
	write_line("open after 1 s: " . count_open(@socks));
	rename("$file.tmp", $file) or die "$file: $!";
	sleep($secs - (time - $t0)) if time - $t0 < $secs;
	open(my $f, ">>", $file) or die "$file: $!";
	print $f "open after $secs s: " . count_open(@socks) . "\n";
	close($f);
} elsif ($mode eq "cycles") {
	my $hellos = 0;
	for (1 .. $n) {
		# A stream the server turned away (its cap of connections from one
		# address, while it still reaps the ones just closed) is opened
		# again, a little later, up to 50 times: each stream must get its
		# hello in the end, on a loaded machine too.
		for my $try (1 .. 50) {
			my $s = open_from() or die "connect: $!";
			my $req = "GET /__podium/events HTTP/1.1\r\nHost: 127.0.0.1:$port\r\n\r\n";
			syswrite($s, $req) == length($req) or die "write: $!";
			my ($buf, $all) = ("", "");
			while ($all !~ /event: hello/ && sysread($s, $buf, 4096)) {
				$all .= $buf;
			}
			close($s);
			if ($all =~ /event: hello/) {
				$hellos++;
				last;
			}
			select(undef, undef, undef, 0.02);
		}
	}
	print "hellos: $hellos\n";
} else {
	die "usage: serve_clients.pl idle|cycles PORT N SRC [SECONDS FILE]\n";
}
